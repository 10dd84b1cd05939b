import { describe, expect, it } from 'vitest';
import {
  CARD_IMAGE_WIDTHS_PX,
  PREVIEW_SIZE_PX,
  cardImageOfVariant,
  cardImageSrcset,
  cardImageVariant,
} from '../src/index.js';

describe('card image widths', () => {
  it('names each width beside the preview, the preview itself at its own width, and back', () => {
    expect(CARD_IMAGE_WIDTHS_PX.map((width) => cardImageVariant('previews/abc.webp', width))).toEqual([
      'previews/abc-160w.webp',
      'previews/abc.webp',
      'previews/abc-480w.webp',
      'previews/abc-640w.webp',
    ]);
    expect(cardImageOfVariant('previews/abc-160w.webp')).toBe('previews/abc.webp');
    expect(cardImageOfVariant('previews/seed/cats-card-640w.webp')).toBe('previews/seed/cats-card.webp');
  });

  it('takes no other width and no plain preview for a variant', () => {
    expect(cardImageOfVariant('previews/abc-999w.webp')).toBeNull();
    // The preview's own width has no file of its own: its key is the preview's.
    expect(cardImageOfVariant(`previews/abc-${PREVIEW_SIZE_PX}w.webp`)).toBeNull();
    expect(cardImageOfVariant('previews/abc.webp')).toBeNull();
    expect(cardImageOfVariant('previews/abc-160w.png')).toBeNull();
  });

  it('gives a srcset of every width for a public preview and the lone file for anything else', () => {
    expect(cardImageSrcset('/files/previews/abc.webp')).toBe(
      '/files/previews/abc-160w.webp 160w, /files/previews/abc.webp 320w, /files/previews/abc-480w.webp 480w, /files/previews/abc-640w.webp 640w',
    );
    expect(cardImageSrcset('/files/stickers/abc.webp')).toBe('/files/stickers/abc.webp 320w');
  });
});
