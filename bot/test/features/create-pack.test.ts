import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, DROP_ERRORS, MESSAGES, RESALE_ERRORS, formatDropTime } from '@stickerdrop/shared';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { BOT_USER } from '../../../api/test/fakes/bot-api.js';
import { hugePngHeader, insertUser, makeImage } from '../support/fixtures.js';
import { miniappTexts } from '../support/miniapp-texts.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, documentUpdate, photoUpdate } from '../support/updates.js';
import { carla, newpackChat, type Keyboard } from '../support/newpack-chat.js';
import { tables } from '@stickerdrop/core/testing';

/** The English questions, word for word as they were before the catalogue held them. */
const ASK_IMAGES =
  'Send the stickers of your pack, one message each: PNG, JPEG, WEBP, GIF or MP4 as photos, animations or files, ' +
  '.tgs and .webm files, or stickers forwarded from any set, up to 5 MB each (at most 50). Send /done when you have sent them all.';
const ASK_STICKER_EMOJI = 'Which emoji does this sticker stand for? Send 1 to 20 emoji, or /skip for \u{1F3A8}.';
const STICKER_EMOJI_INVALID = 'Please send only emoji, 1 to 20 of them.';
const ASK_MAX_PER_USER = 'The most editions one collector may hold (a whole number), or /skip for no limit.';
const ASK_DROPS_AT =
  'When does the drop open? Send a UTC date and time like <code>2026-12-01 18:00</code>, or /skip to sell at once.';

/** The /newpack conversation: who may use it, each field with the API's rules, the summary, cancelling. */
describe('/newpack', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  const { say, lastText, lastMessage, packs, sendDocument, answerToSummary } = newpackChat(() => t);

  it('is for creators only', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla' });
    await say('/newpack');
    expect(lastText()).toContain(miniappTexts('profile')['profile.creatorAccess.title']);
    expect(lastText()).toContain(miniappTexts('profile')['profile.creatorAccess.detail']);
    await say('Space Cats');
    expect(lastText()).toContain(SPEC_TEXTS.homeTagline); // no conversation was entered
  });

  it('takes images, then every field with the API rules, shows a summary and creates the pack', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    expect(lastText()).toBe(ASK_IMAGES);

    // Images: nothing yet, then wrong things, then three good ones of different kinds.
    await say('/done');
    expect(lastText()).toContain(MESSAGES.imageRequired);
    await say('here is my pack');
    expect(lastText()).toContain(MESSAGES.imageRequired);
    await sendDocument(Buffer.from('%PDF-1.4 not an image at all'), 'application/pdf', 'pack.pdf');
    expect(lastText()).toContain(MESSAGES.imageRequired);
    const tooBig = t.api.addFile(Buffer.alloc(5_242_881, 1), 'png');
    await t.send(documentUpdate(carla, tooBig, 'image/png', 'big.png'));
    expect(lastText()).toContain(MESSAGES.fileTooLarge);
    expect(t.api.callsTo('getFile').some((call) => call.params.file_id === tooBig.file_id)).toBe(false);
    await sendDocument(hugePngHeader(), 'image/png', 'bomb.png');
    expect(lastText()).toContain(API_ERRORS.imageTooManyPixels);

    // Each accepted file is followed by its emoji: typed, skipped for the default, or refused if not emoji.
    const jpeg = t.api.addFile(await makeImage('jpeg', 800, 600), 'jpg');
    await t.send(photoUpdate(carla, jpeg, 800, 600));
    expect(lastText()).toBe(ASK_STICKER_EMOJI);
    await say('😺');
    expect(lastText()).toBe('Got it: 1 sticker. Send more, or /done.');
    await sendDocument(await makeImage('webp', 512, 512), 'image/webp', 'sticker.webp');
    await say('/skip');
    expect(lastText()).toBe('Got it: 2 stickers. Send more, or /done.');
    // A PNG named .jpg with a vague MIME type is judged by its bytes, and is fine.
    await sendDocument(await makeImage('png', 300, 500), 'application/octet-stream', 'art.jpg');
    await say('cat 🐱');
    expect(lastText()).toContain(STICKER_EMOJI_INVALID);
    await say('🐱 🎉');
    expect(lastText()).toBe('Got it: 3 stickers. Send more, or /done.');
    await say('/done');
    expect(lastText()).toBe('What is the title of the pack?');

    await say('   ');
    expect(lastText()).toContain(MESSAGES.titleRequired);
    await say('t'.repeat(81));
    expect(lastText()).toContain(API_ERRORS.titleTooLong);
    await say('Space <Cats>');
    expect(lastText()).toBe('A description of the pack, or /skip.');
    await say('d'.repeat(1001));
    expect(lastText()).toContain(API_ERRORS.descriptionTooLong);
    await say('Cats, in space.');

    expect(lastText()).toContain('The price in TON');
    for (const bad of ['0', 'abc', '1.234', '-1', '0.001']) {
      await say(bad);
      expect(lastText()).toContain(MESSAGES.priceInvalid);
    }
    await say('1.5');

    const categoryQuestion = lastMessage();
    expect(categoryQuestion.params.text).toBe('Choose a category:');
    const categoryButtons = (categoryQuestion.params.reply_markup as Keyboard).inline_keyboard.flat();
    expect(categoryButtons.map((button) => button.callback_data)).toEqual([
      'category:general',
      'category:animals',
      'category:emotions',
      'category:food',
      'category:nature',
      'category:objects',
      'category:people',
      'category:symbols',
    ]);
    await say('animals');
    expect(lastText()).toBe('Please choose a category with the buttons.');
    await t.send(callbackUpdate(carla, categoryQuestion.result, 'category:animals'));

    expect(lastText()).toBe('How many editions (1–10000)?');
    await say('many');
    expect(lastText()).toContain('Please send a whole number from 1 to 10000.');
    await say('0');
    expect(lastText()).toContain(API_ERRORS.invalidMaxSupply);
    await say('10001');
    expect(lastText()).toContain(API_ERRORS.invalidMaxSupply);
    await say('50');
    expect(lastText()).toBe('Your royalty on every resale, in % (0–10), or /skip for 5 %.');
    await say('12');
    expect(lastText()).toContain(RESALE_ERRORS.invalidRoyalty);
    await say('7.5');
    expect(lastText()).toBe(ASK_MAX_PER_USER);
    await say('0');
    expect(lastText()).toContain(DROP_ERRORS.invalidMaxPerUser);
    await say('51');
    expect(lastText()).toContain(DROP_ERRORS.invalidMaxPerUser);
    await say('2');
    expect(lastText()).toBe(ASK_DROPS_AT);
    await say('tomorrow');
    expect(lastText()).toContain(DROP_ERRORS.invalidDropsAt);
    await say('2020-01-01 10:00');
    expect(lastText()).toContain(DROP_ERRORS.invalidDropsAt);
    const dropsAt = new Date(Math.ceil((Date.now() + 2 * 86_400_000) / 60_000) * 60_000);
    await say(`${dropsAt.toISOString().slice(0, 10)} ${dropsAt.toISOString().slice(11, 16)}`);

    const summary = lastMessage();
    expect(summary.params.text).toContain('Per collector: 2');
    expect(summary.params.text).toContain(`Drop: ${formatDropTime(dropsAt)}`);
    expect(summary.params.text).toContain('Resale royalty: 7.5 %');
    expect(summary.params.text).toContain('Title: Space &lt;Cats&gt;');
    expect(summary.params.text).toContain('Stickers: 3');
    expect(summary.params.text).toContain('Price: 1.50 TON');
    expect(summary.params.text).toContain('Category: Animals');
    expect(summary.params.text).toContain('Editions: 50');
    expect(await packs()).toHaveLength(0);

    await t.send(callbackUpdate(carla, summary.result, 'pack:yes'));

    const texts = t.api.textsTo(carla.id);
    expect(texts.at(-2)).toBe(miniappTexts('create-pack')['create-pack.creating']);
    expect(texts.at(-1)).toBe(miniappTexts('create-pack')['create-pack.toast.created']);
    const [pack] = await packs();
    expect(pack).toMatchObject({
      creatorId: carla.id,
      title: 'Space <Cats>',
      description: 'Cats, in space.',
      priceNano: 1_500_000_000n,
      category: 'animals',
      maxSupply: 50,
      royaltyBps: 750,
      maxPerUser: 2,
      dropsAt,
      soldCount: 0,
    });
    const stickers = await t.db
      .select()
      .from(tables.packStickers)
      .where(eq(tables.packStickers.packId, pack!.id))
      .orderBy(tables.packStickers.position);
    expect(stickers.map((sticker) => sticker.emoji)).toEqual([['😺'], ['🎨'], ['🐱', '🎉']]);
    for (const sticker of stickers) {
      const file = await t.storage.get(sticker.fileKey);
      expect(file?.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
    }
    const open = (lastMessage().params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(open.url).toBe(`https://t.me/${BOT_USER.username}?startapp=pack_${pack!.id}`);
    expect(await t.db.select().from(tables.botSessions)).toHaveLength(0);
    expect(t.log.errors()).toEqual([]);
  });

  it('/cancel mid-way creates nothing and frees the chat', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    await sendDocument(await makeImage('png'), 'image/png', 'a.png', '🐱');
    await say('/done');
    await say('Space Cats');
    await say('/cancel');
    expect(lastText()).toBe('Cancelled.');
    await say('1.5');
    expect(lastText()).toContain(SPEC_TEXTS.homeTagline);
    expect(await packs()).toHaveLength(0);
  });

  it('Cancel on the summary creates nothing', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    await sendDocument(await makeImage('gif'), 'image/gif', 'a.gif', '🐱');
    await answerToSummary('Space Cats');
    const summary = lastMessage();
    expect(summary.params.text).toContain('Resale royalty: 5 %');
    expect(summary.params.text).toContain('Per collector: no limit');
    expect(summary.params.text).toContain('Drop: on sale at once');
    expect(summary.params.text).toContain('Description: —');
    await t.send(callbackUpdate(carla, summary.result, 'pack:no'));
    expect(lastText()).toBe('Cancelled.');
    expect(await packs()).toHaveLength(0);
  });

  it('re-checks creator status on confirm', async () => {
    await insertUser(t.db, { id: carla.id, firstName: 'Carla', isCreator: true });
    await say('/newpack');
    await sendDocument(await makeImage('png'), 'image/png', 'a.png', '🐱');
    await answerToSummary('Space Cats');
    await t.db.update(tables.users).set({ isCreator: false }).where(eq(tables.users.id, carla.id));
    await t.send(callbackUpdate(carla, lastMessage().result, 'pack:yes'));
    expect(lastText()).toBe(API_ERRORS.creatorsOnly);
    expect(await packs()).toHaveLength(0);
  });
});
