import { describe, expect, it } from 'vitest';
import { decodeStartParam, encodeStartParam, loginBotLink, packAppLink } from '../src/deep-link.js';

describe('deep-link codec', () => {
  it('round-trips pack and login parameters', () => {
    expect(decodeStartParam(encodeStartParam({ kind: 'pack', packId: 42 }))).toEqual({ kind: 'pack', packId: 42 });
    const code = 'a'.repeat(43);
    expect(decodeStartParam(`login_${code}`)).toEqual({ kind: 'login', code });
  });

  it('rejects malformed parameters', () => {
    for (const raw of [
      '',
      'pack_',
      'pack_0',
      'pack_01',
      'pack_-1',
      'pack_1x',
      'pack_99999999999999999',
      'login_short',
      'hello',
      'login_' + 'a'.repeat(59),
    ]) {
      expect(decodeStartParam(raw), raw).toBeNull();
    }
    expect(decodeStartParam(undefined)).toBeNull();
  });

  it('builds the links the bot and the mini-app hand out', () => {
    expect(packAppLink('sd_bot', 7)).toBe('https://t.me/sd_bot?startapp=pack_7');
    expect(loginBotLink('sd_bot', 'abc')).toBe('https://t.me/sd_bot?start=login_abc');
  });
});
