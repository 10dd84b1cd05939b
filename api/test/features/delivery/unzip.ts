import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  bytes: Buffer;
}

/**
 * Reads a zip through its central directory, the way unzip tools do, and checks each entry's CRC.
 * Small and strict on purpose: a malformed archive throws.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('no end of central directory');
  const total = zip.readUInt16LE(end + 10);
  let offset = zip.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < total; i++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error('bad central directory entry');
    const method = zip.readUInt16LE(offset + 10);
    const crc = zip.readUInt32LE(offset + 16);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const local = zip.readUInt32LE(offset + 42);
    const name = zip.toString('utf8', offset + 46, offset + 46 + nameLength);
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new Error(`bad local header for ${name}`);
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    const bytes = method === 0 ? Buffer.from(raw) : zlib.inflateRawSync(raw);
    if (zlib.crc32(bytes) !== crc) throw new Error(`CRC mismatch for ${name}`);
    entries.push({ name, method, bytes });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
