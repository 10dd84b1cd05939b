import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { INIT_DATA_MAX_AGE_S } from '@stickerdrop/shared';
import { signInitData, verifyInitData } from '@stickerdrop/core';

const BOT_TOKEN = '123456:TEST-token-for-signing-init-data';
const NOW = new Date('2026-03-01T12:00:00Z');
const NOW_S = NOW.getTime() / 1000;
const USER = { id: 42, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', photo_url: 'https://t.me/i/ada.jpg' };

/** Signs fields by hand, exactly as Telegram documents it, independent of signInitData. */
function handSign(fields: Array<[string, string]>): string {
  const dataCheckString = [...fields]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
  const secret = createHmac('sha256', 'WebAppData').update(BOT_TOKEN).digest();
  const hash = createHmac('sha256', secret).update(dataCheckString).digest('hex');
  return `${fields.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&')}&hash=${hash}`;
}

/** Replaces one field of a signed string, keeping the original hash. */
function tamper(raw: string, key: string, value: string | null): string {
  const params = new URLSearchParams(raw);
  if (value === null) params.delete(key);
  else params.set(key, value);
  return params.toString();
}

describe('verifyInitData', () => {
  it('accepts init data signed with the bot token and returns its fields', () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S, start_param: 'pack_7', query_id: 'AAH' }, BOT_TOKEN);
    expect(verifyInitData(raw, BOT_TOKEN, NOW)).toEqual({
      ok: true,
      data: { user: USER, auth_date: NOW_S, start_param: 'pack_7', query_id: 'AAH' },
    });
  });

  it('follows Telegram’s algorithm: sorted data-check-string, secret keyed by "WebAppData"', () => {
    // Built by hand, independent of signInitData, with fields in non-sorted order and Telegram's extras.
    const user = JSON.stringify({ id: 7, first_name: 'Grace', language_code: 'en', allows_write_to_pm: true });
    const raw = handSign([
      ['user', user],
      ['chat_instance', '-123'],
      ['auth_date', String(NOW_S)],
      ['signature', 'abc'],
    ]);

    const result = verifyInitData(raw, BOT_TOKEN, NOW);
    expect(result).toEqual({ ok: true, data: { user: { id: 7, first_name: 'Grace' }, auth_date: NOW_S } });
  });

  it('rejects a forged hash', () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    const forged = tamper(raw, 'hash', 'f'.repeat(64));
    expect(verifyInitData(forged, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects data signed with another bot token', () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, '999:another-bot-token-xxxxxxxxxxxx');
    expect(verifyInitData(raw, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a field tampered with after signing', () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    const tampered = tamper(raw, 'user', JSON.stringify({ ...USER, id: 1 }));
    expect(verifyInitData(tampered, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInitData(tamper(raw, 'start_param', 'pack_1'), BOT_TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('rejects missing or malformed hash, and a repeated field', () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    expect(verifyInitData(tamper(raw, 'hash', null), BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInitData(tamper(raw, 'hash', 'xyz'), BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInitData(`${raw}&auth_date=${NOW_S}`, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyInitData('', BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects correctly signed data without a usable user', () => {
    const noUser = handSign([['auth_date', String(NOW_S)]]);
    expect(verifyInitData(noUser, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const notJson = handSign([
      ['auth_date', String(NOW_S)],
      ['user', '{nope'],
    ]);
    expect(verifyInitData(notJson, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });

    const noName = signInitData({ user: { id: 5 }, auth_date: NOW_S }, BOT_TOKEN);
    expect(verifyInitData(noName, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const negativeId = signInitData({ user: { id: -1, first_name: 'X' }, auth_date: NOW_S }, BOT_TOKEN);
    expect(verifyInitData(negativeId, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts data up to one hour old and calls older data stale', () => {
    const edge = signInitData({ user: USER, auth_date: NOW_S - INIT_DATA_MAX_AGE_S }, BOT_TOKEN);
    expect(verifyInitData(edge, BOT_TOKEN, NOW).ok).toBe(true);
    const stale = signInitData({ user: USER, auth_date: NOW_S - INIT_DATA_MAX_AGE_S - 1 }, BOT_TOKEN);
    expect(verifyInitData(stale, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'stale' });
  });

  it('tolerates 30 s of clock skew but refuses auth_date further in the future', () => {
    const skewed = signInitData({ user: USER, auth_date: NOW_S + 30 }, BOT_TOKEN);
    expect(verifyInitData(skewed, BOT_TOKEN, NOW).ok).toBe(true);
    const future = signInitData({ user: USER, auth_date: NOW_S + 31 }, BOT_TOKEN);
    expect(verifyInitData(future, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
