import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, AuthResponse, LOGIN_CODE_TTL_S, LoginCodeResponse, decodeStartParam } from '@stickerdrop/shared';
import { answerLoginCode, createLoginCode, openLoginCode } from '@stickerdrop/core';
import { type TelegramUserFields, tables } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';

const LINUS = { id: 31337, first_name: 'Linus', username: 'linus', photo_url: 'https://t.me/i/linus.jpg' };
const MALLORY = { id: 666, first_name: 'Mallory', username: 'mallory' };

describeEachDatabase('sign-in on the web with a bot login code and number matching', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  const newCode = async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    expect(res.statusCode).toBe(200);
    return LoginCodeResponse.parse(res.json());
  };
  const poll = (code: string) => t.app.inject({ method: 'GET', url: `/api/auth/login-code/${code}` });
  /** What the bot does on `/start login_<code>`: returns the question it would ask this user. */
  const open = async (code: string, tgUser: TelegramUserFields = LINUS) => {
    const opened = await openLoginCode(t.db, code, tgUser, t.app.deps.now());
    if (opened.status !== 'ask') throw new Error(`not asked: ${opened.status}`);
    return opened;
  };
  /** A tap on one of the bot's numbers. */
  const tap = (codeId: number, choice: string, tgUser: { id: number } = LINUS) =>
    answerLoginCode(t.db, { codeId, telegramUserId: tgUser.id, choice, now: t.app.deps.now() });
  const wrongChoice = (choices: string[], match: string) => choices.find((choice) => choice !== match)!;

  it('issues a random single-use code with a bot deep link and a two-digit number, stored only hashed', async () => {
    const first = await newCode();
    const second = await newCode();
    expect(first.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.code).not.toBe(second.code);
    expect(first.url).toBe(`https://t.me/stickerdrop_test_bot?start=login_${first.code}`);
    expect(decodeStartParam(new URL(first.url).searchParams.get('start'))).toEqual({
      kind: 'login',
      code: first.code,
    });
    expect(new Date(first.expiresAt).getTime()).toBe(t.clock.now.getTime() + LOGIN_CODE_TTL_S * 1000);
    expect(first.match).toMatch(/^[1-9][0-9]$/);
    expect(Number(first.match)).toBeGreaterThanOrEqual(10);
    expect(Number(first.match)).toBeLessThanOrEqual(99);
    const rows = await t.db.select().from(tables.loginCodes);
    expect(rows.map((r) => r.codeHash)).not.toContain(first.code);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
    // The bot offers three distinct two-digit numbers, the page's among them.
    const { choices } = await open(first.code);
    expect(choices).toHaveLength(3);
    expect(new Set(choices).size).toBe(3);
    expect(choices).toContain(first.match);
    for (const choice of choices) expect(choice).toMatch(/^[1-9][0-9]$/);
  });

  it('the numbers vary from code to code', async () => {
    const matches = new Set<string>();
    // Straight from core: the route's own rate limit (10 a minute) is not what this is about.
    for (let i = 0; i < 12; i++) matches.add((await createLoginCode(t.db, t.app.deps.now())).match);
    expect(matches.size).toBeGreaterThan(1);
  });

  it('a stranger’s code opened by a victim gives no tokens; a wrong number cancels it for good', async () => {
    // The stranger's page makes a code and sends the victim its link; the victim taps Start.
    const stranger = await newCode();
    const asked = await open(stranger.code, LINUS);
    const pending = await poll(stranger.code);
    expect(pending.statusCode).toBe(202);
    expect(pending.json()).toEqual({ status: 'pending' });
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(0);

    // The victim does not know the stranger's number: a wrong one cancels the code.
    expect(await tap(asked.id, wrongChoice(asked.choices, stranger.match))).toBe('cancelled');
    const cancelled = await poll(stranger.code);
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json()).toEqual({ error: API_ERRORS.loginCancelled });
    // Nothing brings it back: not the right number afterwards, not opening it again.
    expect(await tap(asked.id, stranger.match)).toBe('expired');
    expect(await openLoginCode(t.db, stranger.code, LINUS, t.app.deps.now())).toEqual({ status: 'expired' });
    expect((await poll(stranger.code)).statusCode).toBe(410);
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(0);
  });

  it('pending → opened in the bot (still pending) → the match tapped → tokens exactly once → 410', async () => {
    const { code, match } = await newCode();
    const asked = await open(code);
    expect((await poll(code)).statusCode).toBe(202);

    expect(await tap(asked.id, match)).toBe('confirmed');

    const signedIn = await poll(code);
    expect(signedIn.statusCode).toBe(200);
    const body = AuthResponse.parse(signedIn.json());
    expect(body.user).toMatchObject({ id: LINUS.id, first_name: 'Linus', username: 'linus' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${body.tokens.accessToken}` },
    });
    expect(me.json().user.id).toBe(LINUS.id);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: body.tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    // The session says how it signed in.
    const [session] = await t.db.select().from(tables.refreshTokens).limit(1);
    expect(session!.via).toBe('bot');

    const again = await poll(code);
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({ error: API_ERRORS.loginCodeExpired });
    // A used code cannot be opened or answered again, by this or any other user.
    expect(await tap(asked.id, match)).toBe('expired');
    expect(await openLoginCode(t.db, code, MALLORY, t.app.deps.now())).toEqual({ status: 'expired' });
  });

  it('only the Telegram user who opened the code can answer it, whatever the callback data says', async () => {
    const { code, match } = await newCode();
    const asked = await open(code, LINUS);
    // Mallory sends made-up callback data naming Linus's code, with the right number: nothing happens.
    expect(await tap(asked.id, match, MALLORY)).toBe('expired');
    expect(await tap(asked.id, wrongChoice(asked.choices, match), MALLORY)).toBe('expired');
    // And she cannot take the code over by opening it too.
    expect(await openLoginCode(t.db, code, MALLORY, t.app.deps.now())).toEqual({ status: 'expired' });
    expect((await poll(code)).statusCode).toBe(202);

    // Linus's own code, opened by Mallory first, is hers: Linus cannot confirm a code he was never shown.
    const other = await newCode();
    const hers = await open(other.code, MALLORY);
    expect(await tap(hers.id, other.match, LINUS)).toBe('expired');

    expect(await tap(asked.id, match, LINUS)).toBe('confirmed');
    expect(AuthResponse.parse((await poll(code)).json()).user.id).toBe(LINUS.id);
  });

  it('a button of one code cannot confirm another code of the same user', async () => {
    const first = await newCode();
    const second = await newCode();
    const firstAsked = await open(first.code);
    await open(second.code);
    // The first code's number, sent with the first code's id, confirms the first only.
    expect(await tap(firstAsked.id, first.match)).toBe('confirmed');
    expect((await poll(second.code)).statusCode).toBe(202);
    expect((await poll(first.code)).statusCode).toBe(200);
  });

  it('opening the code again shows the same three numbers (no second draw to compare)', async () => {
    const { code } = await newCode();
    const first = await open(code);
    t.clock.advance(30_000);
    const second = await open(code);
    expect(second).toEqual(first);
  });

  it('expires after five minutes, for the bot and for the page', async () => {
    const unopened = await newCode();
    const unanswered = await newCode();
    const confirmed = await newCode();
    const asked = await open(unanswered.code);
    const confirmedAsk = await open(confirmed.code);
    expect(await tap(confirmedAsk.id, confirmed.match)).toBe('confirmed');
    t.clock.advance(LOGIN_CODE_TTL_S * 1000 - 1000);
    expect((await poll(unopened.code)).statusCode).toBe(202);
    t.clock.advance(2000);

    expect(await openLoginCode(t.db, unopened.code, LINUS, t.app.deps.now())).toEqual({ status: 'expired' });
    expect(await tap(asked.id, unanswered.match)).toBe('expired');
    for (const code of [unopened.code, unanswered.code, confirmed.code]) {
      const late = await poll(code);
      expect(late.statusCode).toBe(410);
      expect(late.json()).toEqual({ error: API_ERRORS.loginCodeExpired });
    }
  });

  it('two pollers racing for a confirmed code: only one gets tokens', async () => {
    const { code, match } = await newCode();
    const asked = await open(code);
    await tap(asked.id, match);
    const results = await Promise.all([poll(code), poll(code), poll(code)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 410, 410]);
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(1);
  });

  it('a right and a wrong tap racing: exactly one counts', async () => {
    const { code, match } = await newCode();
    const asked = await open(code);
    const answers = await Promise.all([tap(asked.id, match), tap(asked.id, wrongChoice(asked.choices, match))]);
    expect(answers.filter((answer) => answer === 'expired')).toHaveLength(1);
    const [row] = await t.db.select().from(tables.loginCodes);
    expect([row!.confirmedAt, row!.cancelledAt].filter(Boolean)).toHaveLength(1);
  });

  it('unknown and malformed codes are 410, for the bot and for the page', async () => {
    const unknown = 'x'.repeat(43);
    expect((await poll(unknown)).statusCode).toBe(410);
    expect((await poll('short')).statusCode).toBe(410);
    expect((await poll('bad%20chars%21%21%21%21%21%21%21%21%21%21')).statusCode).toBe(410);
    expect(await openLoginCode(t.db, unknown, LINUS, t.app.deps.now())).toEqual({ status: 'expired' });
    expect(await openLoginCode(t.db, 'short', LINUS, t.app.deps.now())).toEqual({ status: 'expired' });
    expect(await tap(987_654, '47')).toBe('expired');
  });

  it('opening the code upserts the Telegram user and binds the code to them', async () => {
    const { code } = await newCode();
    await open(code);
    const [row] = await t.db.select().from(tables.users);
    expect(row).toMatchObject({ id: LINUS.id, firstName: 'Linus', photoUrl: LINUS.photo_url });
    const [stored] = await t.db.select().from(tables.loginCodes).where(eq(tables.loginCodes.userId, LINUS.id));
    expect(stored!.openedAt).toEqual(t.clock.now);
    expect(stored!.confirmedAt).toBeNull();
  });
});

describeEachDatabase('login code without BOT_USERNAME', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { botUsername: undefined } });
  });
  afterEach(() => t.close());

  it('answers 503 and stores nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: API_ERRORS.loginNotConfigured });
    expect(await t.db.select().from(tables.loginCodes)).toHaveLength(0);
  });
});
