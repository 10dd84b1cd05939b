import { describe, expect, it } from 'vitest';
import { formatTon, groupThousands, parseTon } from '../src/money.js';

describe('TON amounts', () => {
  it('parses decimals exactly into nanotons', () => {
    expect(parseTon('1')).toBe(1_000_000_000n);
    expect(parseTon('0.01')).toBe(10_000_000n);
    expect(parseTon('0.1')! + parseTon('0.2')!).toBe(parseTon('0.3'));
    expect(parseTon('123456789012.123456789')).toBe(123456789012123456789n);
  });

  it('rejects anything but a plain non-negative decimal', () => {
    for (const text of ['', '-1', '1e3', '1.', '.5', 'abc', '1.1234567891', '0x10', ' ']) {
      expect(parseTon(text), text).toBeNull();
    }
  });

  it('formats with at least two decimals and no float drift', () => {
    expect(formatTon(1_500_000_000n)).toBe('1.50');
    expect(formatTon(10_000_000n)).toBe('0.01');
    expect(formatTon(0n)).toBe('0.00');
    expect(formatTon(1_234_567_890n)).toBe('1.23456789');
    expect(formatTon(parseTon('89500')!)).toBe('89500.00');
  });
});

describe('display rounding', () => {
  it('rounds nanotons half up to exactly two decimals', async () => {
    const { formatTonCents } = await import('../src/money.js');
    expect(formatTonCents(1_668_846_154n)).toBe('1.67');
    expect(formatTonCents(1_664_999_999n)).toBe('1.66');
    expect(formatTonCents(1_665_000_000n)).toBe('1.67');
    expect(formatTonCents(0n)).toBe('0.00');
    expect(formatTonCents(89_500_000_000_000n)).toBe('89500.00');
  });
});

describe('whole numbers with their thousands grouped', () => {
  it('writes them as en-US does, without Intl', () => {
    for (const value of [0, 7, 999, 1000, 10_000, 123_456, 1_000_000, 2_147_483_647]) {
      expect(groupThousands(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});
