import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import {
  CARD_IMAGE_SIZES,
  FIRST_SCREEN_DATA_ID,
  FIRST_SCREEN_DATA_MARKER,
  cardImageSrcset,
  screenPicture,
  type FirstScreenData,
} from '@stickerdrop/shared';

/**
 * The mini-app's document, index.html, as built: its text, and the hashes of the inline scripts it carries
 * (the first screen, miniapp/src/first-screen), which its Content-Security-Policy allows by name.
 */
export interface SiteDocument {
  html: string;
  inlineScriptHashes: string[];
}

const SCRIPT = /<script(\s[^>]*)?>([\s\S]*?)<\/script>/g;
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** A script written in the page that the browser runs (no `src`; a data block like JSON never runs). */
function isInlineScript(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
  return EXECUTABLE_TYPES.has(type.toLowerCase());
}

export function siteDocument(html: string): SiteDocument {
  const inlineScriptHashes = [...html.matchAll(SCRIPT)]
    .filter(([, attributes]) => isInlineScript(attributes ?? ''))
    .map(([, , code]) => `sha256-${createHash('sha256').update(code!).digest('base64')}`);
  return { html, inlineScriptHashes };
}

/**
 * The document with the data of the screen it opens on: that screen's public data (the page's first
 * render needs no API answer) and, for a pack or an edition, a preload of its picture, fetched at once at the width the page
 * will draw it (its largest paint). Nothing in it is the viewer's own: the app asks for that.
 */
export function withFirstScreen(document: SiteDocument, first: FirstScreenData): string {
  const picture = first.kind === 'market' ? null : screenPicture(first, first.data);
  const preload = picture
    ? `<link rel="preload" as="image" href="${attribute(picture.url)}" imagesrcset="${attribute(
        cardImageSrcset(picture.url),
      )}" imagesizes="${attribute(CARD_IMAGE_SIZES.detail)}" fetchpriority="high">\n    `
    : '';
  const data = `<script type="application/json" id="${FIRST_SCREEN_DATA_ID}">${inertJson(first)}</script>`;
  return document.html.replace(FIRST_SCREEN_DATA_MARKER, `${preload}${data}`);
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * JSON that cannot end its `<script>` element early, nor open a comment in it: every `<`, `>` and `&` is
 * written as a JSON escape, which JSON.parse reads back as the same character.
 */
export function inertJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export type Encoding = 'br' | 'gzip' | 'identity';

/** The best encoding of the ones we make that the client accepts (`q=0` refuses one). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().split(/\s*;\s*/))
      .filter(([, ...params]) => !params.some((param) => /^q=0(\.0*)?$/.test(param)))
      .map(([token]) => token!.toLowerCase()),
  );
  return accepted.has('br') ? 'br' : accepted.has('gzip') ? 'gzip' : 'identity';
}

export function encode(html: string, encoding: Encoding): Buffer {
  const bytes = Buffer.from(html);
  if (encoding === 'br') {
    // A document is a few kB: a middling quality costs well under a millisecond and is near the best ratio.
    return zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
  }
  return encoding === 'gzip' ? zlib.gzipSync(bytes) : bytes;
}
