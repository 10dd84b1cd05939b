/**
 * The payload of a TON transfer carrying a text comment, as TON Connect's `sendTransaction` wants it: a
 * one-cell bag of cells (base64 BOC) holding op 0 (32 zero bits) and the UTF-8 text. Written by hand so
 * the mini-app needs no TON library for it; one cell holds up to 123 bytes of text, which our comments
 * (order ids) never exceed.
 */
export const MAX_TON_COMMENT_BYTES = 123;

export function tonCommentPayload(comment: string): string {
  const text = new TextEncoder().encode(comment);
  if (text.length > MAX_TON_COMMENT_BYTES) throw new Error('TON comment too long for one cell');
  const data = new Uint8Array(4 + text.length);
  data.set(text, 4);
  // Cell descriptors: no references, not exotic; data length in whole bytes (2 × bytes, no padding bit).
  const cell = [0, data.length * 2, ...data];
  const boc = [
    0xb5,
    0xee,
    0x9c,
    0x72, // magic of a serialized bag of cells
    0x01, // no index, no CRC, no cache bits; cell references take 1 byte
    0x01, // offsets take 1 byte
    0x01, // 1 cell
    0x01, // 1 root
    0x00, // 0 absent
    cell.length, // total size of the cells
    0x00, // the root is cell 0
    ...cell,
  ];
  let binary = '';
  for (const byte of boc) binary += String.fromCharCode(byte);
  return btoa(binary);
}
