import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from '../src/index.js';

describe('the free-text rule', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', 'a\u001bb'],
    ['a direction override', 'abc\u202Etxt'],
    ['an isolate', '\u2066abc\u2069'],
    ['a zero-width space', 'a\u200Bb'],
    ['a joiner between letters', 'a\u200Db'],
    ['a word joiner', 'a\u2060b'],
    ['a byte-order mark', 'a\uFEFFb'],
    ['a selector after a letter', 'a\uFE0F'],
    ['a joiner beside an emoji but outside it', '😀\u200D'],
  ])('refuses %s', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(true);
  });

  it.each([
    ['tabs and line breaks', 'a\tb\r\nc'],
    ['a family emoji (joiners)', 'we 👨‍👩‍👧 are'],
    ['a rainbow flag and a red heart (selectors)', '🏳️‍🌈 ❤️'],
    ['a keycap and a skin tone', '1️⃣ 👍🏽'],
    ['right-to-left text without overrides', 'שלום عربي'],
  ])('keeps %s', (_name, text) => {
    expect(hasControlCharacters(text)).toBe(false);
  });
});
