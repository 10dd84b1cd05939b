import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STICKER_EMOJI,
  isEmoji,
  parsePackKind,
  parseStickerEmoji,
  parseStickerKeywords,
} from '../src/index.js';

describe('emoji per sticker', () => {
  it('counts one emoji as Unicode does: flags, skin tones, families and keycaps are one each', () => {
    for (const emoji of ['😀', '🇺🇦', '👍🏽', '👨‍👩‍👧', '1️⃣', '❤️']) expect(isEmoji(emoji)).toBe(true);
    for (const text of ['a', '😀😀', '', ':)', '1']) expect(isEmoji(text)).toBe(false);
  });

  it('gives every sticker the default emoji when none are sent, and no keywords', () => {
    expect(parseStickerEmoji(undefined, 2)).toEqual([[DEFAULT_STICKER_EMOJI], [DEFAULT_STICKER_EMOJI]]);
    expect(parseStickerKeywords('', 2)).toEqual([[], []]);
  });

  it('takes a JSON text or lists, one per file, and drops repeats', () => {
    expect(parseStickerEmoji('[["😀","😀","🔥"]]', 1)).toEqual([['😀', '🔥']]);
    expect(parseStickerEmoji([['🐱']], 1)).toEqual([['🐱']]);
    expect(parseStickerKeywords([[' cat ', 'cat', '']], 1)).toEqual([['cat']]);
  });

  it('is null for a wrong count, an empty list, a non-emoji or keywords past 64 characters together', () => {
    expect(parseStickerEmoji('[["😀"]]', 2)).toBeNull();
    expect(parseStickerEmoji('[[]]', 1)).toBeNull();
    expect(parseStickerEmoji('[["x"]]', 1)).toBeNull();
    expect(parseStickerKeywords([['a'.repeat(40), 'b'.repeat(25)]], 1)).toBeNull();
    expect(parseStickerKeywords([['a'.repeat(40), 'b'.repeat(24)]], 1)).toEqual([['a'.repeat(40), 'b'.repeat(24)]]);
  });

  it('knows the two kinds of pack', () => {
    expect([parsePackKind(undefined), parsePackKind('emoji'), parsePackKind('gifs')]).toEqual([
      'stickers',
      'emoji',
      null,
    ]);
  });
});
