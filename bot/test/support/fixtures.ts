import sharp from 'sharp';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { buyPack, createPack, type Database, type FileStorage, fulfilOrder } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';

/** A real image of the given kind, made with sharp, so the API's magic-byte and pixel checks see real files. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png',
  width = 600,
  height = 400,
  colour = { r: 200, g: 80, b: 120, alpha: 1 },
): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 4, background: colour } });
  return image.toFormat(format).toBuffer();
}

export async function insertUser(
  db: Database,
  fields: Partial<typeof tables.users.$inferInsert> & { id: number },
): Promise<number> {
  await db.insert(tables.users).values({ firstName: `User ${fields.id}`, username: `user${fields.id}`, ...fields });
  return fields.id;
}

/** A pack made by the real upload service, its preview and stickers in `storage`. */
export async function insertPack(
  deps: { db: Database; storage: FileStorage },
  creatorId: number,
  fields: {
    title?: string;
    description?: string;
    price?: string;
    maxSupply?: number;
    stickers?: number;
    tags?: string[];
  } = {},
): Promise<number> {
  const images: Buffer[] = [];
  for (let i = 0; i < (fields.stickers ?? 1); i++) {
    images.push(await makeImage('png', 300 + i, 300, { r: (i * 40) % 255, g: 120, b: 200, alpha: 1 }));
  }
  return createPack(deps, creatorId, {
    images,
    title: fields.title ?? 'Space Cats',
    description: fields.description ?? 'Hand-drawn stickers',
    price: fields.price ?? '1.5',
    category: 'animals',
    tags: fields.tags ?? ['cats'],
    maxSupply: fields.maxSupply ?? 100,
  });
}

/** A paid purchase through the API's own reservation and fulfilment: writes the receipt and sale notice. */
export async function purchase(db: Database, buyerId: number, packId: number, now = new Date()): Promise<string> {
  const rail = { method: 'demo' as const, createPayment: () => ({ kind: 'demo' as const }) };
  const { order } = await buyPack(db, { userId: buyerId, packId, paymentMethod: 'demo', railFor: () => rail, now });
  const result = await fulfilOrder(db, { orderId: order.id, paymentRef: `test:${order.id}`, now });
  if (result.outcome !== 'fulfilled') throw new Error(`purchase not fulfilled: ${result.outcome}`);
  return order.id;
}

export async function outboxRows(db: Database) {
  const rows = await db.select().from(tables.outbox).orderBy(tables.outbox.id);
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

export async function setCreator(db: Database, userId: number): Promise<void> {
  await db.update(tables.users).set({ isCreator: true }).where(eq(tables.users.id, userId));
}

/** A valid PNG header claiming 10000×10000 pixels in 68 bytes: a decompression bomb's calling card. */
export function hugePngHeader(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(10))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
