/**
 * The demo catalogue every browser test's server starts with, seeded once per run instead of once per file
 * (PGlite's initdb, the migrations and the seed's art took about 4 s of each file): a dump of the seeded
 * PGlite data dir, and the art as files. Each server loads the dump and reads the art into its own
 * in-memory storage, so what one file writes never reaches another.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { memoryStorage, seedDemoCatalogue, type DatabaseHandle, type FileStorage } from '@stickerdrop/core';
import { diskStorage, dumpTestImage, migrateEmbedded, pgliteExtensions, tables } from '@stickerdrop/core/testing';
import { catalogueFiles } from './paths';

export interface SeededCatalogue {
  /** A file holding the seeded PGlite data dir (uncompressed tar). */
  image: string;
  /** The seed's art: one file per storage key. */
  artDir: string;
}

/** Seeds a fresh database at this moment (the seed's sales and views are dated back from now) into `dir`. */
export async function seedCatalogue(dir: string): Promise<SeededCatalogue> {
  const catalogue = catalogueFiles(dir);
  fs.rmSync(dir, { recursive: true, force: true });
  const client = await PGlite.create({ extensions: pgliteExtensions });
  try {
    const db = drizzle({ client, schema: tables });
    await migrateEmbedded(client);
    await seedDemoCatalogue({ db, storage: diskStorage(catalogue.artDir), now: new Date() });
    const image = await dumpTestImage(client);
    fs.writeFileSync(catalogue.image, Buffer.from(await image.arrayBuffer()));
    return catalogue;
  } finally {
    await client.close();
  }
}

const images = new Map<string, Blob>();

/**
 * A database loaded from the seeded image: a fresh copy for each server. The image is read once per worker
 * (a Blob is never changed by the PGlite that loads it), not once per file.
 */
export async function openSeededDatabase(catalogue: SeededCatalogue): Promise<DatabaseHandle> {
  let image = images.get(catalogue.image);
  if (!image) {
    image = new Blob([fs.readFileSync(catalogue.image)]);
    images.set(catalogue.image, image);
  }
  const client = await PGlite.create({ loadDataDir: image, extensions: pgliteExtensions });
  return { db: drizzle({ client, schema: tables }), kind: 'pglite', close: () => client.close() };
}

/** In-memory storage holding the seed's art. */
export async function seededStorage(catalogue: SeededCatalogue): Promise<FileStorage> {
  const art = diskStorage(catalogue.artDir);
  const storage = memoryStorage();
  const files = fs.readdirSync(catalogue.artDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
  for (const file of files) {
    const key = path.relative(catalogue.artDir, path.join(file.parentPath, file.name));
    const stored = (await art.get(key))!;
    await storage.put(key, stored.bytes, stored.contentType);
  }
  return storage;
}
