import type { FastifyRequest } from 'fastify';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { type CreatePackInput, DomainError, inspectImage } from '@stickerdrop/core';
import { HttpError, badRequest, payloadTooLarge } from '../../http/errors.js';

const TEXT_FIELDS = [
  'title',
  'description',
  'price',
  'category',
  'tags',
  'maxSupply',
  'royaltyBps',
  'maxPerUser',
  'dropsAt',
] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const isTextField = (name: string): name is TextField => (TEXT_FIELDS as readonly string[]).includes(name);

/**
 * Reads the multipart body of `POST /api/stickers`. The plugin's fileSize limit stops a file at 5 MB
 * while it streams; each image's magic bytes and dimensions are checked as soon as it has arrived, so a
 * bad file ends the request before the rest is read.
 */
export async function readCreatePackForm(request: FastifyRequest): Promise<CreatePackInput> {
  // No multipart body means no image, which SPEC §5 reports first.
  if (!request.isMultipart()) throw badRequest(MESSAGES.imageRequired);
  const images: Buffer[] = [];
  const fields: Partial<Record<TextField, string>> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        // A browser sends an empty, nameless part when no file was chosen: that is "no image".
        if (part.fieldname !== 'image' || bytes.length === 0) continue;
        await inspectImage(bytes);
        images.push(bytes);
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
