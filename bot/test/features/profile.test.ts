import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { createBot } from '../../src/bot.js';
import { insertUser } from '../support/fixtures.js';
import { miniappTexts } from '../support/miniapp-texts.js';
import { createHarness, PUBLIC_URL, TOKEN, type Harness } from '../support/harness.js';
import { callbackUpdate, photoUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const bob = telegramUser(6_660_001, 'Bob', 'bob');
type Keyboard = { inline_keyboard: Array<Array<{ text: string; callback_data?: string }>> };

describe('/becomecreator', () => {
  let t: Harness;
  beforeEach(async () => {
    t = await createHarness();
  });
  afterEach(() => t.close());

  const say = (text: string) => t.send(textUpdate(bob, text));
  const lastText = () => t.api.textsTo(bob.id).at(-1) ?? '';
  const userRow = async () => (await t.db.select().from(tables.users).where(eq(tables.users.id, bob.id)))[0];

  it('asks for a name and a bio, re-asks on bad input, confirms, and makes the user a creator', async () => {
    await say('/becomecreator');
    expect(lastText()).toBe('What name should collectors see on your packs? Send your display name.');

    await t.send(photoUpdate(bob, { file_id: 'p1', file_unique_id: 'u1', file_size: 100 }));
    expect(lastText()).toContain('Please send text.');
    await say('   ');
    expect(lastText()).toContain('Please enter a display name.');
    await say('x'.repeat(65));
    expect(lastText()).toContain('Display name must be at most 64 characters');
    expect(lastText()).toContain('Send your display name.');

    await say('  Carla <Draws>  ');
    expect(lastText()).toBe('Now a short bio (a sentence or two), or /skip.');
    await say('b'.repeat(501));
    expect(lastText()).toContain('Bio must be at most 500 characters');
    await say('I draw cats.');

    const summary = t.api.messagesTo(bob.id).at(-1)!;
    expect(summary.params.text).toContain('Name: Carla &lt;Draws&gt;');
    expect(summary.params.text).toContain('Bio: I draw cats.');
    const buttons = (summary.params.reply_markup as Keyboard).inline_keyboard[0]!;
    expect(buttons.map((button) => button.callback_data)).toEqual(['creator:yes', 'creator:no']);
    // Mid-conversation the state is in the database.
    expect(await t.db.select().from(tables.botSessions)).toHaveLength(1);

    await say('yes');
    expect(lastText()).toBe('Please use the buttons above, or /cancel.');
    expect((await userRow())!.isCreator).toBe(false);

    await t.send(callbackUpdate(bob, summary.result, 'creator:yes'));
    expect(t.api.callsTo('answerCallbackQuery')).toHaveLength(1);
    expect(t.api.callsTo('editMessageReplyMarkup')).toHaveLength(1);
    expect(lastText()).toContain(miniappTexts('profile')['profile.toast.becameCreator']);
    expect(await userRow()).toMatchObject({ isCreator: true, displayName: 'Carla <Draws>', bio: 'I draw cats.' });
    expect(await t.db.select().from(tables.botSessions)).toHaveLength(0);
    expect(t.log.errors()).toEqual([]);
  });

  it('takes /skip for the bio, and Cancel on the summary changes nothing', async () => {
    await say('/becomecreator');
    await say('Carla');
    await say('/skip');
    const summary = t.api.messagesTo(bob.id).at(-1)!;
    expect(summary.params.text).toContain('Bio: —');
    await t.send(callbackUpdate(bob, summary.result, 'creator:no'));
    expect(lastText()).toBe('Cancelled.');
    expect((await userRow())!.isCreator).toBe(false);
  });

  it('/cancel leaves the conversation; the next message is not taken as an answer', async () => {
    await say('/becomecreator');
    await say('Carla');
    await say('/cancel');
    expect(lastText()).toBe('Cancelled.');
    await say('My bio');
    expect(lastText()).toContain(SPEC_TEXTS.homeTagline);
    expect((await userRow())!.isCreator).toBe(false);
    expect((await userRow())!.bio).toBeNull();
    await say('/cancel');
    expect(lastText()).toBe('There is nothing to cancel.');
  });

  it('another command mid-way leaves the conversation and is handled', async () => {
    await say('/becomecreator');
    await say('/help');
    expect(lastText()).toContain('/newpack');
    await say('Carla');
    expect(lastText()).toContain(SPEC_TEXTS.homeTagline);
  });

  it('a button of a finished conversation is answered as expired', async () => {
    await say('/becomecreator');
    await say('Carla');
    await say('/skip');
    const summary = t.api.messagesTo(bob.id).at(-1)!;
    await say('/cancel');
    await t.send(callbackUpdate(bob, summary.result, 'creator:yes'));
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params.text).toBe('This button has expired.');
    expect((await userRow())!.isCreator).toBe(false);
  });

  it('tells an existing creator so instead of asking again', async () => {
    await insertUser(t.db, { id: bob.id, firstName: 'Bob', isCreator: true });
    await say('/becomecreator');
    expect(lastText()).toBe('You are already a creator. Send /newpack to upload a pack.');
  });

  it('survives a restart mid-way: the state is in the database, a new bot process continues', async () => {
    await say('/becomecreator');
    await say('Carla');

    const restarted = createBot(TOKEN, {
      db: t.db,
      storage: t.storage,
      publicUrl: PUBLIC_URL,
      log: t.log,
      apiRoot: t.api.apiRoot,
    });
    await restarted.init();
    await restarted.handleUpdate(textUpdate(bob, 'Bio after restart'));
    const summary = t.api.messagesTo(bob.id).at(-1)!;
    expect(summary.params.text).toContain('Bio: Bio after restart');
    await restarted.handleUpdate(callbackUpdate(bob, summary.result, 'creator:yes'));
    expect(await userRow()).toMatchObject({ isCreator: true, displayName: 'Carla', bio: 'Bio after restart' });
  });
});
