import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * The demo's generated art, kept between runs: rasterising the emoji and encoding the videos takes
 * several seconds, and every fresh data dir (each `npm start` on a new machine, each test run) seeds again.
 * The key names everything the bytes depend on, so a change to the art makes a new file, never a stale one.
 */
const CACHE_DIR = path.join(os.tmpdir(), 'stickerdrop-seed-art');
/** Bumped when the way art is made changes in a way its inputs do not show. */
const ART_VERSION = 1;

export async function cachedArt(inputs: readonly unknown[], make: () => Promise<Buffer>): Promise<Buffer> {
  const key = createHash('sha256')
    .update(JSON.stringify([ART_VERSION, ...inputs]))
    .digest('hex');
  const file = path.join(CACHE_DIR, `${key}.bin`);
  try {
    return await fs.readFile(file);
  } catch {
    // Not made yet (or unreadable): make it below.
  }
  const bytes = await make();
  try {
    await fs.mkdir(CACHE_DIR, { recursive: true });
    // Write then rename, so a concurrent seed never reads half a file.
    const temp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await fs.writeFile(temp, bytes);
    await fs.rename(temp, file);
  } catch {
    // The cache only saves time: a read-only temp dir makes the art again next time.
  }
  return bytes;
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the results. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
