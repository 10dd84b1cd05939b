import { asc, eq, sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { DbOrTx } from '../db/client.js';
import { packStickers, packs } from '../db/schema.js';
import type { FileStorage } from '../storage/storage.js';
import type { PackKind, StickerFormat } from '@stickerdrop/shared';

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
  kind: PackKind;
  /** The marketplace removed the pack: its owners keep their editions, but no new set or archive is made. */
  removed: boolean;
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
      status: packs.status,
      kind: packs.kind,
    })
    .from(packs)
    .where(eq(packs.id, packId))
    .limit(1);
  if (!row) return null;
  const { title, createdAt, kind } = row;
  return { title, createdAt, kind, owned: Boolean(row.owned), removed: row.status !== 'listed' };
}

/** One sticker as Telegram takes it, with what the owner's set and the archive's manifest say of it. */
export interface PackStickerFile {
  /** `<slug>-01.webp|tgs|webm`: the file's name in the archive. */
  name: string;
  bytes: Buffer;
  format: StickerFormat;
  emoji: string[];
  keywords: string[];
  /** The file as uploaded (`originals/<slug>-01.png` …); null for stickers made before originals were kept. */
  original: { name: string; bytes: Buffer } | null;
}

export interface PackStickers {
  slug: string;
  kind: PackKind;
  /** The card image (a still of the cover, public): the source of the set's thumbnail. */
  cardKey: string | null;
  stickers: PackStickerFile[];
}

/** A sticker row without its file is our fault, not the owner's: a 500, never a short zip or set. */
async function required(storage: FileStorage, key: string, packId: number): Promise<Buffer> {
  const file = await storage.get(key);
  if (!file) throw new Error(`Sticker file ${key} of pack ${packId} is missing from storage`);
  return file.bytes;
}

const extension = (key: string) => key.slice(key.lastIndexOf('.') + 1);

/** The pack's stickers in pack order, each with its format, emoji, keywords and original. */
export async function loadPackStickers(
  deps: { db: DbOrTx; storage: FileStorage },
  pack: { id: number; title: string },
): Promise<PackStickers> {
  const [head] = await deps.db
    .select({ kind: packs.kind, cardKey: packs.previewKey })
    .from(packs)
    .where(eq(packs.id, pack.id));
  const rows = await deps.db
    .select({
      fileKey: packStickers.fileKey,
      originalKey: packStickers.originalKey,
      format: packStickers.format,
      emoji: packStickers.emoji,
      keywords: packStickers.keywords,
    })
    .from(packStickers)
    .where(eq(packStickers.packId, pack.id))
    .orderBy(asc(packStickers.position));
  const slug = packSlug(pack.title, pack.id);
  const digits = Math.max(2, String(rows.length).length);
  const stickers = await Promise.all(
    rows.map(async (row, i): Promise<PackStickerFile> => {
      const base = `${slug}-${String(i + 1).padStart(digits, '0')}`;
      const original = row.originalKey
        ? {
            name: `originals/${base}.${extension(row.originalKey)}`,
            bytes: await required(deps.storage, row.originalKey, pack.id),
          }
        : null;
      return {
        name: `${base}.${extension(row.fileKey)}`,
        bytes: await required(deps.storage, row.fileKey, pack.id),
        format: row.format,
        emoji: row.emoji,
        keywords: row.keywords,
        original,
      };
    }),
  );
  return { slug, kind: head?.kind ?? 'stickers', cardKey: head?.cardKey ?? null, stickers };
}

/**
 * The owner's archive: the stickers as Telegram takes them (`<slug>-01.webp|tgs|webm`), the files as
 * uploaded under `originals/`, and `manifest.json` naming each sticker's file, original, format, emoji and
 * keywords, so the pack can be rebuilt as a Telegram set by hand.
 */
export async function loadPackArchive(
  deps: { db: DbOrTx; storage: FileStorage },
  pack: { id: number; title: string; createdAt: Date },
): Promise<PackArchive> {
  const { slug, kind, stickers } = await loadPackStickers(deps, pack);
  const manifest = {
    title: pack.title,
    kind,
    stickers: stickers.map((sticker) => ({
      file: sticker.name,
      original: sticker.original?.name ?? null,
      format: sticker.format,
      emoji: sticker.emoji,
      keywords: sticker.keywords,
    })),
  };
  const entries = [
    ...stickers.map(({ name, bytes }) => ({ name, bytes })),
    ...stickers.flatMap((sticker) => (sticker.original ? [sticker.original] : [])),
    { name: MANIFEST_NAME, bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
  ];
  return { slug, entries, modifiedAt: pack.createdAt };
}

export const MANIFEST_NAME = 'manifest.json';

/** A zip of the entries, stored uncompressed: WEBP, TGS (gzip) and WEBM are already compressed. */
export function zipArchive(archive: PackArchive): NodeJS.ReadableStream {
  const zip = new ZipFile();
  for (const entry of archive.entries) {
    zip.addBuffer(entry.bytes, entry.name, { compress: false, mtime: archive.modifiedAt });
  }
  zip.end();
  return zip.outputStream;
}
