import type { Api } from 'grammy';

export class FileTooLargeError extends Error {}

/**
 * Downloads a file a user sent (getFile, then `<apiRoot>/file/bot<token>/<path>`), refusing more than
 * `maxBytes` before and while reading, so a lying size never fills memory.
 */
export async function downloadTelegramFile(
  api: Api,
  options: { token: string; apiRoot: string },
  fileId: string,
  maxBytes: number,
): Promise<Buffer> {
  const file = await api.getFile(fileId);
  if (file.file_size !== undefined && file.file_size > maxBytes) throw new FileTooLargeError();
  if (!file.file_path) throw new Error(`Telegram gave no path for file ${fileId}`);
  const response = await fetch(`${options.apiRoot}/file/bot${options.token}/${file.file_path}`, {
    signal: AbortSignal.timeout(60_000),
  });
  if (!response.ok || !response.body) throw new Error(`Downloading a file failed with ${response.status}`);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    size += read.value.length;
    if (size > maxBytes) {
      await reader.cancel();
      throw new FileTooLargeError();
    }
    chunks.push(read.value);
  }
  return Buffer.concat(chunks);
}
