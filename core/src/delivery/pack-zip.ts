import { asc, eq, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { DbOrTx } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import type { FileStorage } from '../storage/storage.js';

export interface PackArchive {
  /** Also the zip's file name. */
  slug: string;
  entries: { name: string; bytes: Buffer }[];
  modifiedAt: Date;
}

/** "Cute Cats: Vol. 2!" → "cute-cats-vol-2"; ASCII only, so it is safe in a header and on every disk. */
export function packSlug(title: string, packId: number): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug || `pack-${packId}`;
}

export interface PackAccess {
  title: string;
  createdAt: Date;
  owned: boolean;
}

/** The pack and whether `userId` owns an edition of it (a row in `editions`); null when there is no such pack. */
export async function findPackAccess(db: DbOrTx, packId: number, userId: number): Promise<PackAccess | null> {
  const [row] = await db
    .select({
      title: packs.title,
      createdAt: packs.createdAt,
      // Qualified by hand: in a one-table select drizzle renders columns bare, and a bare "id" inside the
      // subquery would be the edition's id, not the pack's.
      owned: sql<boolean>`exists (select 1 from editions e where e.pack_id = "packs"."id" and e.owner_id = ${userId})`,
    })
    .from(packs)
    .where(eq(packs.id, packId))
    .limit(1);
  return row ? { ...row, owned: Boolean(row.owned) } : null;
}

/** The pack's sticker files, named `<slug>-01.webp` … in pack order. */
export async function loadPackArchive(
  deps: { db: DbOrTx; storage: FileStorage },
  pack: { id: number; title: string; createdAt: Date },
): Promise<PackArchive> {
  const rows = await deps.db
    .select({ fileKey: packStickers.fileKey })
    .from(packStickers)
    .where(eq(packStickers.packId, pack.id))
    .orderBy(asc(packStickers.position));
  const slug = packSlug(pack.title, pack.id);
  const digits = Math.max(2, String(rows.length).length);
  const entries = await Promise.all(
    rows.map(async ({ fileKey }, i) => {
      const file = await deps.storage.get(fileKey);
      // A sticker row without its file is our fault, not the owner's: a 500, never a short zip.
      if (!file) throw new Error(`Sticker file ${fileKey} of pack ${pack.id} is missing from storage`);
      return { name: `${slug}-${String(i + 1).padStart(digits, '0')}.webp`, bytes: file.bytes };
    }),
  );
  return { slug, entries, modifiedAt: pack.createdAt };
}

/** A zip of the entries, stored uncompressed: WEBP is already compressed. */
export function zipArchive(archive: PackArchive): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const entry of archive.entries) {
    zip.addBuffer(entry.bytes, entry.name, { compress: false, mtime: archive.modifiedAt });
  }
  zip.end();
  return zip.outputStream;
}
