import { describe, expect, it } from 'vitest';
import {
  decodeStartParam,
  encodeStartParam,
  loginBotLink,
  marketAppLink,
  orderAppLink,
  packAppLink,
} from '../src/deep-link.js';

describe('deep-link codec', () => {
  it('round-trips pack, order and login parameters', () => {
    expect(decodeStartParam(encodeStartParam({ kind: 'pack', packId: 42 }))).toEqual({ kind: 'pack', packId: 42 });
    const code = 'a'.repeat(43);
    expect(decodeStartParam(`login_${code}`)).toEqual({ kind: 'login', code });
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(decodeStartParam(encodeStartParam({ kind: 'order', packId: 7, orderId }))).toEqual({
      kind: 'order',
      packId: 7,
      orderId,
    });
    expect(decodeStartParam(encodeStartParam({ kind: 'market' }))).toEqual({ kind: 'market' });
    expect(marketAppLink('sdbot')).toBe('https://t.me/sdbot?startapp=market');
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
      'market_',
      'Market',
      'login_' + 'a'.repeat(59),
      'order_1',
      'order_0f8fad5b-d9cb-469f-a165-70867728950e',
      'order_0_0f8fad5b-d9cb-469f-a165-70867728950e',
      'order_0f8fad5b-d9cb-469f-a165-70867728950',
    ]) {
      expect(decodeStartParam(raw), raw).toBeNull();
    }
    expect(decodeStartParam(undefined)).toBeNull();
  });

  it('builds the links the bot and the mini-app hand out', () => {
    expect(packAppLink('sd_bot', 7)).toBe('https://t.me/sd_bot?startapp=pack_7');
    expect(orderAppLink('sd_bot', 7, '0f8fad5b-d9cb-469f-a165-70867728950e')).toBe(
      'https://t.me/sd_bot?startapp=order_7_0f8fad5b-d9cb-469f-a165-70867728950e',
    );
    expect(loginBotLink('sd_bot', 'abc')).toBe('https://t.me/sd_bot?start=login_abc');
  });
});
