import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Bot } from 'grammy';
import { API_ERRORS, AuthResponse, LoginCodeResponse, SessionsResponse, Tokens } from '@stickerdrop/shared';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../../api/test/helpers.js';
import { signInWithTelegram } from '../../../api/test/auth-helpers.js';
import { BOT_USER, startFakeBotApi, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { createBot } from '../../src/bot.js';
import type { BotContext } from '../../src/context.js';
import { PUBLIC_URL, TOKEN } from '../support/harness.js';
import { recordingLogger } from '../support/logger.js';
import { callbackUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

type Button = { text: string; callback_data?: string };
type Keyboard = { inline_keyboard: Button[][] };

const victim = telegramUser(5_550_001, 'Alice', 'alice');
const stranger = telegramUser(5_550_666, 'Mallory', 'mallory');

/**
 * The sign-in takeover, end to end: the API's sign-in page, the real bot on the same database
 * (through the fake Bot API), and the page's poll. A link to somebody else's code must never be enough.
 */
describeEachDatabase('signing a browser in through the bot', (kind) => {
  let t: TestApp;
  let api: FakeBotApi;
  let bot: Bot<BotContext>;
  let log: ReturnType<typeof recordingLogger>;

  beforeEach(async () => {
    t = await buildTestApp({ kind, config: { botUsername: BOT_USER.username } });
    api = await startFakeBotApi();
    log = recordingLogger();
    bot = createBot(TOKEN, {
      db: t.db,
      storage: t.storage,
      publicUrl: PUBLIC_URL,
      log,
      apiRoot: api.apiRoot,
      now: () => t.clock.now,
    });
    await bot.init();
  });
  afterEach(async () => {
    expect(log.errors()).toEqual([]);
    await api.close();
    await t.close();
  });

  /** The sign-in page: asks for a code and shows its number. */
  async function signInPage() {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login-code' });
    expect(res.statusCode).toBe(200);
    return LoginCodeResponse.parse(res.json());
  }
  const poll = (code: string, language?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/auth/login-code/${code}`,
      ...(language ? { headers: { 'accept-language': language } } : {}),
    });

  /** A user following the page's link: Telegram sends `/start <payload>`; returns the bot's question. */
  async function follow(user: typeof victim, url: string) {
    api.clearCalls();
    await bot.handleUpdate(textUpdate(user, `/start ${new URL(url).searchParams.get('start')}`));
    const [reply] = api.messagesTo(user.id);
    expect(reply).toBeDefined();
    const buttons = ((reply!.params.reply_markup as Keyboard | undefined)?.inline_keyboard ?? []).flat();
    return { text: String(reply!.params.text), buttons, message: api.lastMessageTo(user.id) };
  }
  async function tap(user: typeof victim, message: unknown, data: string) {
    api.clearCalls();
    await bot.handleUpdate(callbackUpdate(user, message, data));
    return {
      answer: api.callsTo('answerCallbackQuery')[0]?.params,
      edited: api.callsTo('editMessageText')[0]?.params,
    };
  }

  it('a new account signed in on the web speaks the browser’s language; a stored choice stays', async () => {
    const language = async (id: number) =>
      (await t.db.select().from(tables.users)).find((user) => user.id === id)!.language;
    // Telegram's app is in English, the browser in Russian: the sign-in is the browser's, and so is the language.
    const page = await signInPage();
    const asked = await follow(victim, page.url);
    expect(asked.text).toContain('A browser is asking to sign in'); // the chat is in the sender's language
    expect(await language(victim.id)).toBeNull();
    const right = asked.buttons.find((button) => button.text === page.match)!;
    await tap(victim, asked.message, right.callback_data!);
    expect((await poll(page.code, 'ru-RU,ru;q=0.9,en;q=0.8')).statusCode).toBe(200);
    expect(await language(victim.id)).toBe('ru');

    // Next time, from an English browser: the account keeps the language it has.
    const again = await signInPage();
    const second = await follow(victim, again.url);
    expect(second.text).toContain('Браузер просит войти в Stickerdrop');
    await tap(victim, second.message, second.buttons.find((button) => button.text === again.match)!.callback_data!);
    expect((await poll(again.code, 'en-US')).statusCode).toBe(200);
    expect(await language(victim.id)).toBe('ru');
  });

  it('a stranger’s code opened by the victim: three numbers, no tokens; a wrong number cancels it', async () => {
    // The stranger opens the sign-in page and sends the victim its link.
    const page = await signInPage();
    const asked = await follow(victim, page.url);

    expect(asked.text).toContain('A browser is asking to sign in to Stickerdrop as you.');
    expect(asked.text).toContain('Only continue if you opened the sign-in page yourself, just now');
    expect(asked.text).toMatch(/Sign-in started: \d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})? UTC \(just now\)/);
    expect(asked.buttons).toHaveLength(3);
    const labels = asked.buttons.map((button) => button.text);
    for (const label of labels) expect(label).toMatch(/^[1-9][0-9]$/);
    expect(new Set(labels).size).toBe(3);
    expect(labels).toContain(page.match);
    // The buttons name the code by its id, never by the code itself.
    for (const button of asked.buttons) expect(button.callback_data).not.toContain(page.code);

    // Tapping Start gave the stranger's page nothing.
    expect((await poll(page.code)).statusCode).toBe(202);
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(0);

    // The victim does not know the stranger's number and taps another: the code is cancelled.
    const wrong = asked.buttons.find((button) => button.text !== page.match)!;
    const tapped = await tap(victim, asked.message, wrong.callback_data!);
    expect(tapped.answer?.text).toBe('Sign-in cancelled');
    expect(tapped.edited?.text).toContain('Sign-in cancelled.');
    expect(tapped.edited?.reply_markup).toBeUndefined();

    const cancelled = await poll(page.code);
    expect(cancelled.statusCode).toBe(410);
    expect(cancelled.json()).toEqual({ error: API_ERRORS.loginCancelled });
    // The right number afterwards, or the link again, changes nothing.
    const right = asked.buttons.find((button) => button.text === page.match)!;
    const late = await tap(victim, asked.message, right.callback_data!);
    expect(late.answer).toMatchObject({ show_alert: true });
    expect(String(late.answer?.text)).toContain(API_ERRORS.loginCodeExpired);
    expect((await follow(victim, page.url)).text).toContain(API_ERRORS.loginCodeExpired);
    expect((await poll(page.code)).statusCode).toBe(410);
    expect(await t.db.select().from(tables.refreshTokens)).toHaveLength(0);
  });

  it('the right number from another Telegram user confirms nothing: only the one who opened the code can', async () => {
    const page = await signInPage();
    const asked = await follow(victim, page.url);
    const right = asked.buttons.find((button) => button.text === page.match)!;

    // The stranger replays the victim's button data (or makes it up) in their own chat.
    const forged = await tap(stranger, asked.message, right.callback_data!);
    expect(forged.answer).toMatchObject({ show_alert: true });
    expect(forged.edited).toBeUndefined();
    // Nor can the stranger open the victim's code to be asked themselves.
    expect((await follow(stranger, page.url)).buttons).toHaveLength(0);
    expect((await poll(page.code)).statusCode).toBe(202);

    // The victim, who did open the page, taps its number and the browser signs in as the victim.
    const tapped = await tap(victim, asked.message, right.callback_data!);
    expect(tapped.answer?.text).toBe('Signed in');
    expect(tapped.edited?.text).toContain('Your browser is now signed in.');
    const signedIn = await poll(page.code);
    expect(signedIn.statusCode).toBe(200);
    const session = AuthResponse.parse(signedIn.json());
    expect(session.user).toMatchObject({ id: victim.id, first_name: 'Alice', username: 'alice' });
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${session.tokens.accessToken}` },
    });
    expect(me.json().user.id).toBe(victim.id);
    expect((await poll(page.code)).statusCode).toBe(410);
  });

  it('no answer within the code’s lifetime: the code expires, for the page and for the buttons', async () => {
    const page = await signInPage();
    const asked = await follow(victim, page.url);
    t.clock.advance(5 * 60_000);
    const expired = await poll(page.code);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: API_ERRORS.loginCodeExpired });
    const right = asked.buttons.find((button) => button.text === page.match)!;
    const late = await tap(victim, asked.message, right.callback_data!);
    expect(late.answer).toMatchObject({ show_alert: true });
    expect(api.callsTo('editMessageReplyMarkup')[0]?.params.reply_markup).toEqual({ inline_keyboard: [] });
    expect((await poll(page.code)).statusCode).toBe(410);
  });

  it('/sessions lists where the user is signed in, and Sign out ends that session’s refresh', async () => {
    const phone = await signInWithTelegram(t, { id: victim.id, first_name: 'Alice' });
    t.clock.advance(60_000);
    // A browser signs in through the bot, with the number.
    const page = await signInPage();
    const asked = await follow(victim, page.url);
    await tap(victim, asked.message, asked.buttons.find((button) => button.text === page.match)!.callback_data!);
    const browser = AuthResponse.parse((await poll(page.code)).json());

    api.clearCalls();
    await bot.handleUpdate(textUpdate(victim, '/sessions'));
    const [listing] = api.messagesTo(victim.id);
    const listMessage = api.lastMessageTo(victim.id);
    const text = String(listing!.params.text);
    expect(text).toContain('Where you are signed in (2)');
    expect(text).toContain('1. Web browser, signed in through the bot');
    expect(text).toContain('2. Telegram mini-app');
    const buttons = (listing!.params.reply_markup as Keyboard).inline_keyboard.flat();
    expect(buttons.map((button) => button.text)).toEqual(['Sign out 1', 'Sign out 2']);

    // The same sessions the API lists, by id.
    const listed = SessionsResponse.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/sessions',
          headers: { authorization: `Bearer ${phone.tokens.accessToken}` },
        })
      ).json(),
    ).sessions;
    expect(buttons.map((button) => button.callback_data)).toEqual(listed.map((session) => `session:out:${session.id}`));

    // Signing the browser out from the chat: its refresh fails, the phone's does not.
    const out = await tap(victim, listMessage, buttons[0]!.callback_data!);
    expect(out.answer?.text).toBe('Signed out');
    expect(out.edited?.text).toContain('Where you are signed in (1)');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: browser.tokens.refreshToken },
    });
    expect(refused.statusCode).toBe(401);
    const kept = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: phone.tokens.refreshToken },
    });
    expect(kept.statusCode).toBe(200);
    Tokens.parse(kept.json());

    // A Sign out button of someone else's session, sent by hand, signs nothing out.
    const other = await signInWithTelegram(t, { id: stranger.id, first_name: 'Mallory' });
    const [theirs] = SessionsResponse.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/auth/sessions',
          headers: { authorization: `Bearer ${other.tokens.accessToken}` },
        })
      ).json(),
    ).sessions;
    const forged = await tap(victim, listMessage, `session:out:${theirs!.id}`);
    expect(forged.answer?.text).toBe('That session has already ended');
    const still = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: other.tokens.refreshToken },
    });
    expect(still.statusCode).toBe(200);
  });

  it('/sessions with none says so', async () => {
    await bot.handleUpdate(textUpdate(victim, '/sessions'));
    const [reply] = api.messagesTo(victim.id);
    expect(reply!.params.text).toBe('No browser or app is signed in to Stickerdrop as you.');
    expect(reply!.params.reply_markup).toBeUndefined();
  });
});
