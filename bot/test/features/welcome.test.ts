import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { consumeLoginCode, createLoginCode } from '@stickerdrop/core';
import { BOT_USER } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, PUBLIC_URL, type Harness } from '../support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const alice = telegramUser(5_550_001, 'Alice', 'alice');
type Keyboard = {
  inline_keyboard: Array<Array<{ text: string; url?: string; web_app?: { url: string }; callback_data?: string }>>;
};

describe('/start', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  function expectWelcome(call: { method: string; params: Record<string, unknown> } | undefined) {
    expect(call?.method).toBe('sendMessage');
    expect(call?.params.chat_id).toBe(alice.id);
    expect(call?.params.text).toContain(SPEC_TEXTS.homeTagline);
    expect(call?.params.parse_mode).toBe('HTML');
    const button = (call?.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button.web_app).toEqual({ url: PUBLIC_URL });
  }

  it('welcomes with the home tagline and a web_app button to PUBLIC_URL', async () => {
    await t.send(textUpdate(alice, '/start'));
    expect(t.api.actions).toHaveLength(1);
    expectWelcome(t.api.actions[0]);
    expect(t.api.callsTo('getMe')).toHaveLength(1);
    expect(t.api.calls.every((call) => call.token === '123456:TEST-token-for-the-bot-suite-0000')).toBe(true);
  });

  it('/start order_<packId>_<uuid> answers with a Pay button that opens the order in the mini-app', async () => {
    const orderId = '0f8fad5b-d9cb-469f-a165-70867728950e';
    await t.send(textUpdate(alice, `/start order_7_${orderId}`));
    const [reply] = t.api.actions;
    expect(reply!.params.text).toBe('Open the order in the app to pay for it.');
    const button = (reply!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Pay', url: `https://t.me/${BOT_USER.username}?startapp=order_7_${orderId}` });
  });

  it('/start gift_<code> answers with a button onto the gift’s claim screen in the mini-app', async () => {
    const code = 'AbCdEfGhIjKlMnOpQrStUv';
    await t.send(textUpdate(alice, `/start gift_${code}`));
    const [reply] = t.api.actions;
    expect(reply!.params.text).toBe('Someone sent you a sticker edition. Open it in the app to claim it.');
    const button = (reply!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button).toEqual({ text: 'Open the gift', url: `https://t.me/${BOT_USER.username}?startapp=gift_${code}` });
  });

  it('leaves the app button out when PUBLIC_URL is not https (Telegram would refuse the message)', async () => {
    const local = await createHarness({ publicUrl: 'http://localhost:8080' });
    try {
      await local.send(textUpdate(alice, '/start'));
      const [reply] = local.api.actions;
      expect(reply?.params.text).toContain(SPEC_TEXTS.homeTagline);
      expect(reply?.params.reply_markup).toBeUndefined();
    } finally {
      await local.close();
    }
  });

  it('answers pack_<id> with the preview, title, price, remaining supply and a startapp button', async () => {
    const creator = await insertUser(t.db, {
      id: 900,
      firstName: 'Carla',
      displayName: 'Carla Draws',
      isCreator: true,
    });
    const packId = await insertPack(t, creator, { title: 'Space <Cats>', price: '1.5', maxSupply: 100 });
    await t.db.update(tables.packs).set({ soldCount: 3 }).where(eq(tables.packs.id, packId));

    await t.send(textUpdate(alice, `/start pack_${packId}`));

    expect(t.api.actions.map((call) => call.method)).toEqual(['sendPhoto']);
    const [photo] = t.api.actions;
    expect(photo!.params.chat_id).toBe(alice.id);
    const caption = String(photo!.params.caption);
    expect(caption).toContain('<b>Space &lt;Cats&gt;</b>');
    expect(caption).toContain('by Carla Draws');
    expect(caption).toContain('Price: 1.50 TON');
    expect(caption).toContain(`97 of 100 left · ${SPEC_TEXTS.limitedEdition}`);
    expect(photo!.params.parse_mode).toBe('HTML');
    // The preview is uploaded as a real JPEG.
    const upload = Object.values(photo!.files)[0]!;
    expect([...upload.data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const button = (photo!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button.url).toBe(`https://t.me/${BOT_USER.username}?startapp=pack_${packId}`);
  });

  it('says sold out when every edition is sold', async () => {
    const creator = await insertUser(t.db, { id: 901, isCreator: true });
    const packId = await insertPack(t, creator, { maxSupply: 2 });
    await t.db.update(tables.packs).set({ soldCount: 2 }).where(eq(tables.packs.id, packId));

    await t.send(textUpdate(alice, `/start pack_${packId}`));

    const caption = String(t.api.actions[0]!.params.caption);
    expect(caption).toContain('Sold out');
    expect(caption).not.toContain(SPEC_TEXTS.limitedEdition);
  });

  it('sends the pack as text when it has no preview', async () => {
    const creator = await insertUser(t.db, { id: 902, isCreator: true });
    const [pack] = await t.db
      .insert(tables.packs)
      .values({ creatorId: creator, title: 'Bare', priceNano: 10_000_000n, maxSupply: 5 })
      .returning({ id: tables.packs.id });

    await t.send(textUpdate(alice, `/start pack_${pack!.id}`));

    expect(t.api.actions.map((call) => call.method)).toEqual(['sendMessage']);
    expect(t.api.actions[0]!.params.text).toContain('Price: 0.01 TON');
    expect(t.api.actions[0]!.params.text).toContain('5 of 5 left');
  });

  it('tells an unknown pack apart, then shows the plain welcome', async () => {
    await t.send(textUpdate(alice, '/start pack_987654'));
    expect(t.api.actions).toHaveLength(2);
    expect(t.api.actions[0]!.params.text).toContain(MESSAGES.packNotFound);
    expect(t.api.actions[0]!.params.text).toContain('doesn&#x27;t exist'.replace('&#x27;', "'"));
    expectWelcome(t.api.actions[1]);
  });

  it.each(['pack_abc', 'pack_0', 'pack_-1', 'pack_99999999999999999', 'login_short', 'hello', 'pack_1_2'])(
    'refuses the malformed payload %s clearly and shows the welcome',
    async (payload) => {
      await t.send(textUpdate(alice, `/start ${payload}`));
      expect(t.api.actions).toHaveLength(2);
      expect(t.api.actions[0]!.params.text).toBe("That link isn't valid, so here is the marketplace instead.");
      expectWelcome(t.api.actions[1]);
    },
  );

  it('never signs a browser in on the link alone: it warns, says when, and asks for the page’s number', async () => {
    const { code, match } = await createLoginCode(t.db, t.clock.now);
    t.clock.now = new Date(t.clock.now.getTime() + 90_000);

    await t.send(textUpdate(alice, `/start login_${code}`));

    expect(t.api.actions).toHaveLength(1);
    const text = String(t.api.actions[0]!.params.text);
    expect(text).toContain('A browser is asking to sign in to Stickerdrop as you.');
    expect(text).toContain('Only continue if you opened the sign-in page yourself, just now');
    expect(text).toContain('1 minute ago');
    expect(text).toContain('Tap the number the sign-in page shows');
    const buttons = (t.api.actions[0]!.params.reply_markup as Keyboard).inline_keyboard.flat();
    expect(buttons).toHaveLength(3);
    expect(buttons.map((button) => button.text)).toContain(match);
    // Opening the link signed nobody in, but the code is now Alice's to answer.
    expect(await consumeLoginCode(t.db, code, t.clock.now)).toEqual({ status: 'pending' });
    const [user] = await t.db.select().from(tables.users).where(eq(tables.users.id, alice.id));
    expect(user).toMatchObject({ firstName: 'Alice', username: 'alice' });
  });

  it('the page’s number signs the browser in as this Telegram user', async () => {
    const { code, match } = await createLoginCode(t.db, t.clock.now);
    await t.send(textUpdate(alice, `/start login_${code}`));
    const question = t.api.lastMessageTo(alice.id);
    const right = (t.api.actions[0]!.params.reply_markup as Keyboard).inline_keyboard
      .flat()
      .find((button) => button.text === match)!;
    t.api.clearCalls();

    await t.send(callbackUpdate(alice, question, right.callback_data!));

    expect(t.api.callsTo('answerCallbackQuery')[0]!.params.text).toBe('Signed in');
    const edited = t.api.callsTo('editMessageText')[0]!;
    expect(edited.params.text).toContain('Your browser is now signed in.');
    expect(edited.params.reply_markup).toBeUndefined();
    expect(await consumeLoginCode(t.db, code, t.clock.now)).toEqual({ status: 'confirmed', userId: alice.id });
  });

  it('says a used or expired code is no good', async () => {
    const { code, match } = await createLoginCode(t.db, t.clock.now);
    await t.send(textUpdate(alice, `/start login_${code}`));
    const [opened] = await t.db.select().from(tables.loginCodes);
    await t.send(callbackUpdate(alice, t.api.lastMessageTo(alice.id), `login:${opened!.id}:${match}`));
    expect(await consumeLoginCode(t.db, code, t.clock.now)).toMatchObject({ status: 'confirmed' });
    t.api.clearCalls();

    await t.send(textUpdate(alice, `/start login_${code}`));
    expect(t.api.actions[0]!.params.text).toContain('This sign-in code has expired or was already used');

    const { code: late } = await createLoginCode(t.db, t.clock.now);
    t.clock.now = new Date(t.clock.now.getTime() + 10 * 60_000);
    t.api.clearCalls();
    await t.send(textUpdate(alice, `/start login_${late}`));
    expect(t.api.actions[0]!.params.text).toContain('This sign-in code has expired or was already used');
    expect(await consumeLoginCode(t.db, late, t.clock.now)).toEqual({ status: 'expired' });
  });
});

describe('/help and /paysupport', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  it('/help lists the commands and the inline sharing', async () => {
    await t.send(textUpdate(alice, '/help'));
    const text = String(t.api.actions[0]!.params.text);
    for (const command of ['/start', '/becomecreator', '/newpack', '/sessions', '/cancel', '/paysupport'])
      expect(text).toContain(command);
    expect(text).toContain(`@${BOT_USER.username}`);
  });

  it('/paysupport explains receipts and refunds', async () => {
    await t.send(textUpdate(alice, '/paysupport'));
    const text = String(t.api.actions[0]!.params.text);
    expect(text).toContain('Payment support');
    expect(text).toContain('refunded automatically');
  });
});
