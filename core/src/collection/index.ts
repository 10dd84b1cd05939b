export { listCollection } from './collection.js';
export { collectionWorth } from './worth.js';
