import { describe, expect, it } from 'vitest';
import { MAX_PACK_ID, isPackId, parsePackId } from '../src/pack-id.js';

describe('pack ids', () => {
  it('parses plain positive integers up to the database maximum', () => {
    expect(parsePackId('1')).toBe(1);
    expect(parsePackId('42')).toBe(42);
    expect(parsePackId(String(MAX_PACK_ID))).toBe(MAX_PACK_ID);
  });

  it('refuses everything else', () => {
    for (const text of ['', '0', '01', '-1', '+1', ' 1', '1.0', '1e3', 'abc', String(MAX_PACK_ID + 1), '99999999999']) {
      expect(parsePackId(text), text).toBeNull();
    }
    expect(parsePackId(null)).toBeNull();
    expect(isPackId(1.5)).toBe(false);
    expect(isPackId(MAX_PACK_ID + 1)).toBe(false);
    expect(isPackId('1')).toBe(false);
  });
});
