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
  it('accepts init data signed with the bot token and returns its fields', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S, start_param: 'pack_7', query_id: 'AAH' }, BOT_TOKEN);
    expect(await verifyInitData(raw, BOT_TOKEN, NOW)).toEqual({
      ok: true,
      data: { user: USER, auth_date: NOW_S, start_param: 'pack_7', query_id: 'AAH' },
    });
  });

  it('follows Telegram’s algorithm: sorted data-check-string, secret keyed by "WebAppData"', async () => {
    // Built by hand, independent of signInitData, with fields in non-sorted order and Telegram's extras.
    const user = JSON.stringify({ id: 7, first_name: 'Grace', language_code: 'en', allows_write_to_pm: true });
    const raw = handSign([
      ['user', user],
      ['chat_instance', '-123'],
      ['auth_date', String(NOW_S)],
      ['signature', 'abc'],
    ]);

    const result = await verifyInitData(raw, BOT_TOKEN, NOW);
    // language_code is kept (it sets the user's language on first sign-in); Telegram's other extras are not.
    expect(result).toEqual({
      ok: true,
      data: { user: { id: 7, first_name: 'Grace', language_code: 'en' }, auth_date: NOW_S },
    });
  });

  it('rejects a forged hash', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    const forged = tamper(raw, 'hash', 'f'.repeat(64));
    expect(await verifyInitData(forged, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects data signed with another bot token', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, '999:another-bot-token-xxxxxxxxxxxx');
    expect(await verifyInitData(raw, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects a field tampered with after signing', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    const tampered = tamper(raw, 'user', JSON.stringify({ ...USER, id: 1 }));
    expect(await verifyInitData(tampered, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyInitData(tamper(raw, 'start_param', 'pack_1'), BOT_TOKEN, NOW)).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('rejects missing or malformed hash, and a repeated field', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S }, BOT_TOKEN);
    expect(await verifyInitData(tamper(raw, 'hash', null), BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyInitData(tamper(raw, 'hash', 'xyz'), BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyInitData(`${raw}&auth_date=${NOW_S}`, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    expect(await verifyInitData('', BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('rejects correctly signed data without a usable user', async () => {
    const noUser = handSign([['auth_date', String(NOW_S)]]);
    expect(await verifyInitData(noUser, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const notJson = handSign([
      ['auth_date', String(NOW_S)],
      ['user', '{nope'],
    ]);
    expect(await verifyInitData(notJson, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });

    const noName = signInitData({ user: { id: 5 }, auth_date: NOW_S }, BOT_TOKEN);
    expect(await verifyInitData(noName, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
    const negativeId = signInitData({ user: { id: -1, first_name: 'X' }, auth_date: NOW_S }, BOT_TOKEN);
    expect(await verifyInitData(negativeId, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('accepts data up to one hour old and calls older data stale', async () => {
    const edge = signInitData({ user: USER, auth_date: NOW_S - INIT_DATA_MAX_AGE_S }, BOT_TOKEN);
    expect((await verifyInitData(edge, BOT_TOKEN, NOW)).ok).toBe(true);
    const stale = signInitData({ user: USER, auth_date: NOW_S - INIT_DATA_MAX_AGE_S - 1 }, BOT_TOKEN);
    expect(await verifyInitData(stale, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'stale' });
  });

  it('tolerates 30 s of clock skew but refuses auth_date further in the future', async () => {
    const skewed = signInitData({ user: USER, auth_date: NOW_S + 30 }, BOT_TOKEN);
    expect((await verifyInitData(skewed, BOT_TOKEN, NOW)).ok).toBe(true);
    const future = signInitData({ user: USER, auth_date: NOW_S + 31 }, BOT_TOKEN);
    expect(await verifyInitData(future, BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});

/**
 * Init data signed by Telegram itself for bot 7342037359, as published in @telegram-apps/init-data-node's
 * documentation: a real Ed25519 `signature` (Telegram's production key) next to an HMAC `hash` whose token we
 * do not have, which is exactly what a client opened before a token rotation sends.
 */
const TELEGRAM_SIGNED = {
  botId: 7342037359,
  authDate: 1733584787,
  raw:
    'user=%7B%22id%22%3A279058397%2C%22first_name%22%3A%22Vladislav%20%2B%20-%20%3F%20%5C%2F%22%2C%22last_name%22%3A%22Kibenko%22%2C%22username%22%3A%22vdkfrost%22%2C%22language_code%22%3A%22ru%22%2C%22is_premium%22%3Atrue%2C%22allows_write_to_pm%22%3Atrue%2C%22photo_url%22%3A%22https%3A%5C%2F%5C%2Ft.me%5C%2Fi%5C%2Fuserpic%5C%2F320%5C%2F4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg%22%7D' +
    '&chat_instance=8134722200314281151&chat_type=private&auth_date=1733584787' +
    '&signature=zL-ucjNyREiHDE8aihFwpfR9aggP2xiAo3NSpfe-p7IbCisNlDKlo7Kb6G4D0Ao2mBrSgEk4maLSdv6MLIlADQ' +
    '&hash=2174df5b000556d044f3f020384e879c8efcab55ddea2ced4eb752e93e7080d6',
};

describe('verifyInitData with Telegram’s Ed25519 third-party signature', () => {
  const rotatedToken = `${TELEGRAM_SIGNED.botId}:a-new-token-from-botfather-xxxxxxxx`;
  const at = new Date((TELEGRAM_SIGNED.authDate + 60) * 1000);

  it('accepts data Telegram signed for our bot id even when the hash no longer matches our token', async () => {
    expect(await verifyInitData(TELEGRAM_SIGNED.raw, rotatedToken, at)).toEqual({
      ok: true,
      data: {
        user: {
          id: 279058397,
          first_name: 'Vladislav + - ? /',
          last_name: 'Kibenko',
          username: 'vdkfrost',
          language_code: 'ru',
          photo_url: 'https://t.me/i/userpic/320/4FPEE4tmP3ATHa57u6MqTDih13LTOiMoKoLDRG4PnSA.svg',
        },
        auth_date: TELEGRAM_SIGNED.authDate,
      },
    });
  });

  it('refuses that signature for another bot, after any field changes, and when it is stale', async () => {
    const otherBot = `${TELEGRAM_SIGNED.botId + 1}:a-new-token-from-botfather-xxxxxxxx`;
    expect(await verifyInitData(TELEGRAM_SIGNED.raw, otherBot, at)).toEqual({ ok: false, reason: 'invalid' });
    const tampered = tamper(TELEGRAM_SIGNED.raw, 'chat_type', 'group');
    expect(await verifyInitData(tampered, rotatedToken, at)).toEqual({ ok: false, reason: 'invalid' });
    const later = new Date((TELEGRAM_SIGNED.authDate + INIT_DATA_MAX_AGE_S + 1) * 1000);
    expect(await verifyInitData(TELEGRAM_SIGNED.raw, rotatedToken, later)).toEqual({ ok: false, reason: 'stale' });
  });

  it('does not accept a made-up signature in place of the hash', async () => {
    const raw = signInitData({ user: USER, auth_date: NOW_S, signature: 'A'.repeat(86) }, BOT_TOKEN);
    expect(await verifyInitData(tamper(raw, 'hash', null), BOT_TOKEN, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
