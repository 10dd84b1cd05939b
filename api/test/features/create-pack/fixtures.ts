import zlib from 'node:zlib';
import sharp from 'sharp';
import type { TestApp } from '../../helpers.js';

/** A real image of the given size and format, drawn by sharp: a coloured rectangle with a circle on it. */
export async function makeImage(
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  width: number,
  height: number,
  colour = '#3a7bd5',
): Promise<Buffer> {
  const r = Math.min(width, height) / 3;
  const circle = Buffer.from(
    `<svg width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${r}" fill="#ffcc00"/></svg>`,
  );
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .composite([{ input: circle }])
    .toFormat(format)
    .toBuffer();
}

/** Random pixels do not compress, so this PNG is about `bytes` long on disk. */
export async function makeLargePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  const pixels = Buffer.alloc(side * side * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (Math.random() * 256) | 0;
  return sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A 16-bit RGBA PNG of width × height in one colour, written row by row through a streaming deflate: the
 * most pixels (and decoding work) per byte an upload can carry, made without ever holding its raster, so a
 * test measuring its own memory measures the server's and not the fixture's.
 */
export async function makeDeepPng(width: number, height: number): Promise<Buffer> {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(16, 8); // bit depth
  ihdr.writeUInt8(6, 9); // RGBA
  const row = Buffer.alloc(1 + width * 8);
  for (let x = 0; x < width; x++) row.writeBigUInt64BE(0x3a3a7b7bd5d5ffffn, 1 + x * 8);
  const deflate = zlib.createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  for (let y = 0; y < height; y++) {
    if (!deflate.write(row)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.concat(chunks)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A valid 1-bit grayscale PNG of width × height, all black, written by hand: a few dozen kilobytes on disk
 * that would inflate to width × height pixels. The decompression bomb an upload must refuse unopened.
 */
export function makePixelBombPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(1, 8); // bit depth
  ihdr.writeUInt8(0, 9); // grayscale
  // compression, filter and interlace methods stay 0
  const row = 1 + Math.ceil(width / 8); // filter byte + packed bits
  const idat = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface UploadFile {
  bytes: Buffer;
  filename: string;
  contentType: string;
}

export const file = (bytes: Buffer, filename: string, contentType: string): UploadFile => ({
  bytes,
  filename,
  contentType,
});

/** A multipart/form-data body serialised by undici's FormData, exactly as a browser would send it. */
export async function multipart(
  fields: Record<string, string>,
  files: { name: string; file: UploadFile }[] = [],
  options: { fieldsFirst?: boolean } = {},
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  const appendFields = () => {
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
  };
  if (options.fieldsFirst) appendFields();
  for (const { name, file } of files) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.filename);
  }
  if (!options.fieldsFirst) appendFields();
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}

export const validFields = {
  title: 'Space Cats',
  description: 'Cats, in space.',
  price: '1.5',
  category: 'animals',
  tags: 'cats, space, cats',
  maxSupply: '250',
};

/** Records every key written, so a test can prove a refused upload stored nothing. */
export function recordStorageWrites(t: TestApp): string[] {
  const inner = t.app.deps.storage;
  const written: string[] = [];
  t.app.deps.storage = {
    async put(key, bytes, contentType) {
      written.push(key);
      await inner.put(key, bytes, contentType);
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
  };
  return written;
}

export async function postPack(
  t: TestApp,
  headers: Record<string, string>,
  body: { payload: Buffer; headers: Record<string, string> },
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/stickers',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}
