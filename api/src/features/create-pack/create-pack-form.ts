import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { API_ERRORS, CREATE_PACK_TEXT_FIELDS, type CreatePackTextField, MESSAGES } from '@stickerdrop/shared';
import { type Config, type CreatePackInput, DomainError, checkPixelBudget, inspectUpload } from '@stickerdrop/core';
import { HttpError, badRequest, payloadTooLarge } from '../../http/errors.js';

const isTextField = (name: string): name is CreatePackTextField =>
  (CREATE_PACK_TEXT_FIELDS as readonly string[]).includes(name);

/**
 * Reads the multipart body of `POST /api/stickers` and hands it to `use`. Each file streams to a temporary
 * file (removed once `use` is done), so an upload holds kilobytes of memory, not its megabytes; the plugin's
 * fileSize limit stops a file at 5 MB, and the files together stop at UPLOAD_MAX_BYTES_PER_REQUEST. Each
 * image's magic bytes and dimensions are checked as soon as it has arrived, and the pixels so far against
 * UPLOAD_MAX_PIXELS, so a bad file ends the request before the rest is read. `emoji` and `keywords` are
 * JSON texts, one list per file in file order (shared/rules/sticker-meta.ts).
 */
export async function withCreatePackForm<T>(
  request: FastifyRequest,
  limits: Config['uploads'],
  use: (input: CreatePackInput) => Promise<T>,
): Promise<T> {
  // No multipart body means no image, which SPEC §5 reports first.
  if (!request.isMultipart()) throw badRequest(MESSAGES.imageRequired);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stickerdrop-upload-'));
  try {
    return await use(await readForm(request, limits, dir));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function readForm(request: FastifyRequest, limits: Config['uploads'], dir: string): Promise<CreatePackInput> {
  const images: CreatePackInput['images'] = [];
  const sizes: { width: number; height: number }[] = [];
  const fields: Partial<Record<CreatePackTextField, string>> = {};
  let totalBytes = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'image') {
          part.file.resume();
          continue;
        }
        const file = path.join(dir, String(images.length));
        await pipeline(part.file, (await fs.open(file, 'w')).createWriteStream());
        if (part.file.truncated) throw payloadTooLarge(MESSAGES.fileTooLarge);
        const { size } = await fs.stat(file);
        // A browser sends an empty, nameless part when no file was chosen: that is "no image".
        if (size === 0) continue;
        totalBytes += size;
        if (totalBytes > limits.maxBytesPerRequest) throw payloadTooLarge(API_ERRORS.uploadTooLarge);
        const image = { path: file, size };
        sizes.push(await inspectUpload(image));
        checkPixelBudget(sizes, limits.maxPixelsPerRequest);
        images.push(image);
      } else if (isTextField(part.fieldname) && fields[part.fieldname] === undefined) {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    throw toHttpError(error);
  }
  return { images, title: fields.title ?? '', price: fields.price ?? '', ...fields };
}

/** The multipart plugin's errors in our words. */
function toHttpError(error: unknown): unknown {
  if (error instanceof HttpError || error instanceof DomainError) return error;
  switch ((error as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return payloadTooLarge(MESSAGES.fileTooLarge);
    case 'FST_FILES_LIMIT':
      return badRequest(API_ERRORS.tooManyFiles);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
      return badRequest(API_ERRORS.invalidRequest);
    default:
      return error;
  }
}
