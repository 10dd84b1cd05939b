/** A minimal multipart/form-data reader for the fake Bot API: grammY's encoder, nothing more general. */
export interface MultipartPart {
  name: string;
  filename: string | undefined;
  data: Buffer;
}

export function parseMultipart(body: Buffer, contentType: string): MultipartPart[] {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const afterDelimiter = start + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, afterDelimiter);
    if (next === -1) break;
    // Each part: CRLF, headers, CRLF CRLF, data, CRLF before the next delimiter.
    const part = body.subarray(afterDelimiter + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const disposition = headers.split('\r\n').find((line) => /^content-disposition:/i.test(line)) ?? '';
    const name = /name="?([^";\r\n]+)"?/i.exec(disposition.replace(/filename=[^;]*/i, ''))?.[1];
    const filename = /filename="?([^";\r\n]+)"?/i.exec(disposition)?.[1];
    if (name) parts.push({ name, filename, data: Buffer.from(part.subarray(headerEnd + 4)) });
    start = next;
  }
  return parts;
}
