export { seedDemoCatalogue, seedStickerKey, seedPreviewKey, type SeedDeps } from './demo.js';
export { seedBenchCatalogue } from './bench.js';
export { SEED_PACKS, SEED_CREATORS, SEED_CREATOR_ID, SEED_COLLECTOR_ID, SEED_COLLECTORS } from './catalogue.js';
export { DEMO_ART_CREDIT, emojiArtPackage } from './emoji-art.js';
