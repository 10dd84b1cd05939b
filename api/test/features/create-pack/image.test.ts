import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { DomainError, inspectImage } from '@stickerdrop/core';
import { renderPreview, detectImageType, renderSticker } from '@stickerdrop/core/testing';
import { makeImage, makePixelBombPng } from './fixtures.js';
import { DOMAIN_ERROR_STATUS } from '../../../src/http/errors.js';

/** 8 bytes of signature, then the IHDR chunk (length, type, 13 bytes of header, CRC); IDAT's data starts 8 bytes on. */
const PNG_SIGNATURE_AND_IHDR_BYTES = 8 + 4 + 4 + 13 + 4;

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(DomainError);
  return { status: DOMAIN_ERROR_STATUS[(error as DomainError).code], message: (error as DomainError).message };
}

describe('detectImageType', () => {
  it('names PNG, JPEG, GIF and WEBP from their bytes', async () => {
    for (const format of ['png', 'jpeg', 'gif', 'webp'] as const) {
      expect(detectImageType(await makeImage(format, 20, 20))).toBe(format);
    }
  });

  it('names nothing else, whatever the text looks like', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(Buffer.from('GIF88a'))).toBeNull();
    expect(detectImageType(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
    expect(detectImageType(Buffer.from([0x89, 0x50, 0x4e]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('inspectImage', () => {
  it('reads the type and dimensions from the header', async () => {
    expect(await inspectImage(await makeImage('jpeg', 640, 480))).toEqual({ type: 'jpeg', width: 640, height: 480 });
  });

  it('accepts WEBP only when asked to (the bot)', async () => {
    const webp = await makeImage('webp', 64, 32);
    expect(await refusal(inspectImage(webp))).toEqual({ status: 415, message: MESSAGES.imageRequired });
    expect(await inspectImage(webp, { acceptWebp: true })).toEqual({ type: 'webp', width: 64, height: 32 });
  });

  it('refuses a picture that claims more pixels than the limit from its header, without decoding it', async () => {
    const bomb = makePixelBombPng(20_000, 20_000);
    expect(await refusal(inspectImage(bomb))).toEqual({ status: 400, message: API_ERRORS.imageTooManyPixels });
    // The same header over garbage pixel data: decoding it would fail as unreadable (as a garbage picture of
    // allowed size does), so this refusal can only come from the header.
    const headerOnly = Buffer.from(bomb).fill(0x5a, PNG_SIGNATURE_AND_IHDR_BYTES + 8, bomb.length - 12);
    expect(await refusal(inspectImage(headerOnly))).toEqual({ status: 400, message: API_ERRORS.imageTooManyPixels });
  });

  it('accepts a picture just under the pixel limit without decoding it', async () => {
    const info = await inspectImage(makePixelBombPng(7_000, 7_000));
    expect(info).toEqual({ type: 'png', width: 7_000, height: 7_000 });
  });

  it('calls a file with the right magic bytes but a broken header unreadable', async () => {
    const png = await makeImage('png', 20, 20);
    const truncated = png.subarray(0, 20);
    expect(await refusal(inspectImage(truncated))).toEqual({ status: 400, message: API_ERRORS.imageUnreadable });
  });
});

describe('renderSticker and renderPreview', () => {
  it('scales small images up so one side is exactly 512, and makes a square preview', async () => {
    const source = await makeImage('gif', 40, 30);
    const sticker = await sharp(await renderSticker(source)).metadata();
    expect([sticker.format, sticker.width, sticker.height]).toEqual(['webp', 512, 384]);
    const preview = await sharp(await renderPreview(source)).metadata();
    expect([preview.format, preview.width, preview.height, preview.hasAlpha]).toEqual(['webp', 320, 320, true]);
  });

  it('keeps transparency', async () => {
    const transparent = await sharp({ create: { width: 100, height: 100, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const { data } = await sharp(await renderSticker(transparent))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });
});
