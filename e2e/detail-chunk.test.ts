import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { detailGroupChunks, type FirstPass, type PassChunk } from '../scripts/vite-detail-chunk';
import { E2E_DIST } from './support/paths';

const PACK = '/app/PackDetailPage.tsx';
const EDITION = '/app/EditionRoute.tsx';
const SCREENS = new Set([PACK, EDITION]);
const ALLOWED = 1_000;

type Shape = Record<string, { bytes?: number; imports?: string[]; lazyEntry?: string }>;

/** A first pass made of `shape`'s chunks; `start` is the entry's chunk, every screen has it. */
function firstPass(shape: Shape, homeLazy: string[] = []): FirstPass {
  const chunks = new Map<string, PassChunk>([
    ['start', { modules: ['main'], imports: [], lazyEntry: null, bytes: 50_000 }],
  ]);
  for (const [name, chunk] of Object.entries(shape)) {
    chunks.set(name, {
      modules: [`${name}-module`],
      imports: ['start', ...(chunk.imports ?? [])],
      lazyEntry: chunk.lazyEntry ?? null,
      bytes: chunk.bytes ?? 100,
    });
  }
  return { chunks, start: new Set(['start']), homeLazy: new Set(homeLazy) };
}

const choose = (pass: FirstPass) => [...detailGroupChunks(pass, { screens: SCREENS, allowed: ALLOWED })].sort();

describe("the chunk a pack's and an edition's pages share", () => {
  it('takes the small chunks they share with other screens, when those screens load little more for it', () => {
    const pass = firstPass({
      pack: { lazyEntry: PACK, imports: ['buttons', 'prices'] },
      edition: { lazyEntry: EDITION, imports: ['buttons'] },
      market: { lazyEntry: '/app/Market.tsx', imports: ['prices'] },
      buttons: { bytes: 400 },
      prices: { bytes: 300 },
    });
    expect(choose(pass)).toEqual(['buttons', 'prices']);
  });

  it('leaves out a chunk that would make another screen load more than it is allowed', () => {
    const pass = firstPass({
      pack: { lazyEntry: PACK, imports: ['buttons', 'sheet'] },
      market: { lazyEntry: '/app/Market.tsx', imports: ['buttons'] },
      gift: { lazyEntry: '/app/Gift.tsx', imports: ['sheet'] },
      buttons: { bytes: 200 },
      // The gift screen would load the buttons as well, which is fine; the market would load the sheet.
      sheet: { bytes: ALLOWED + 1 },
    });
    expect(choose(pass)).toEqual(['buttons']);
  });

  it('leaves alone what a lazy import of Home’s start loads, so Home never waits for more', () => {
    const pass = firstPass(
      {
        pack: { lazyEntry: PACK, imports: ['texts', 'prices'] },
        keeper: { lazyEntry: '/app/keeper.ts', imports: ['texts'] },
        market: { lazyEntry: '/app/Market.tsx', imports: ['prices'] },
        texts: { bytes: 100 },
        prices: { bytes: 100 },
      },
      ['keeper'],
    );
    expect(choose(pass)).toEqual(['prices']);
  });

  it('never leaves out a chunk that would import the merged one back', () => {
    // picker imports sheet, which imports format: merging picker and format without sheet would make the
    // merged chunk and sheet import each other.
    const pass = firstPass({
      pack: { lazyEntry: PACK, imports: ['picker'] },
      studio: { lazyEntry: '/app/Studio.tsx', imports: ['picker'] },
      offers: { lazyEntry: '/app/Offers.tsx', imports: ['sheet'] },
      picker: { bytes: 100, imports: ['sheet'] },
      sheet: { bytes: 5_000, imports: ['format'] },
      format: { bytes: 100 },
    });
    expect(choose(pass)).toEqual(['picker', 'sheet']);
  });

  it('is made by the build the browser tests run', () => {
    const files = fs.readdirSync(path.join(E2E_DIST, 'assets'));
    expect(files.filter((name) => /^detail-shared-.*\.js$/.test(name))).toHaveLength(1);
  });
});
