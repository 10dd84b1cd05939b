/**
 * What a build is made of, as one SHA-256 kept in a stamp file beside its output: `npm start` rebuilds the
 * mini-app (miniapp-build.ts) and the server bundle (server-bundle.ts) only when it changed.
 */
import { createHash, type Hash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
const STAMP_FILE = '.inputs-sha256';

/**
 * A hash of the files under `dirs` that `include` keeps and of `files`, each by its path and content, in
 * path order; the caller may add more to it before the digest.
 */
export function hashInputs(dirs: string[], files: string[], include: (name: string) => boolean = () => true): Hash {
  const hash = createHash('sha256');
  const inputs = [...dirs.flatMap((dir) => listFiles(dir, include)), ...files].sort();
  for (const file of inputs) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(ROOT, file)));
  }
  return hash;
}

function listFiles(dir: string, include: (name: string) => boolean): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && include(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

/** The hash the build in `outDir` was made from, if it has one. */
export function readStamp(outDir: string): string | undefined {
  try {
    return fs.readFileSync(path.join(outDir, STAMP_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

export function writeStamp(outDir: string, hash: string): void {
  fs.writeFileSync(path.join(outDir, STAMP_FILE), `${hash}\n`);
}
