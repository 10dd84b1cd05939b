import fs from 'node:fs/promises';
import path from 'node:path';
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/** Where pack images live. Keys are chosen by the server (`<uuid>.webp`), never by the uploader. */
export interface FileStorage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removes a file; a key that is not there is no error (an upload that failed cleans up what it wrote). */
  delete(key: string): Promise<void>;
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9/_-]*\.(webp|png|jpg|gif|tgs|webm|mp4)$/;
/** Stickers are WEBP, TGS or WEBM; an original keeps the type it was uploaded in. */
const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  tgs: 'application/x-tgsticker',
  webm: 'video/webm',
  mp4: 'video/mp4',
};

/**
 * Longer than any key the server makes (`previews/seed/<slug>-card-1024w.webp` is about 60): a longer
 * name can only be a caller's, and a disk store would meet ENAMETOOLONG on it.
 */
const MAX_KEY_LENGTH = 200;

/** A key the server could have made: its pattern and length are checked before any store is asked. */
export function isValidKey(key: string): boolean {
  return key.length <= MAX_KEY_LENGTH && KEY_PATTERN.test(key) && !key.includes('..');
}

/** The type a key's extension implies, for stores that keep no type of their own. */
export function contentTypeOfKey(key: string): string {
  return TYPES[key.split('.').pop()!] ?? 'application/octet-stream';
}

export function diskStorage(root: string): FileStorage {
  return {
    async put(key, bytes) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key ${key}`);
      const target = path.join(root, key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a crash never leaves a half-written image behind a valid key.
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, target);
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      try {
        const bytes = await fs.readFile(path.join(root, key));
        return { bytes, contentType: contentTypeOfKey(key) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isValidKey(key)) return;
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

export function memoryStorage(): FileStorage {
  const files = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    async put(key, bytes, contentType) {
      if (!isValidKey(key)) throw new Error(`Invalid storage key ${key}`);
      files.set(key, { bytes, contentType });
    },
    async get(key) {
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}

/** The public path a stored file is served under. */
export function fileUrl(key: string | null): string | null {
  return key ? `/files/${key}` : null;
}

/** `fileUrl` in SQL, for answers Postgres writes as JSON (packs/card-json.ts). */
export function fileUrlSql(key: SQLWrapper): SQL<string | null> {
  return sql<string | null>`'/files/' || ${key}`;
}
