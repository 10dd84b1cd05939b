import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listEdition } from '@stickerdrop/core';
import { BOT_USER } from '../../../api/test/fakes/bot-api.js';
import { insertPack, insertUser, purchase } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { inlineQueryUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const alice = telegramUser(5_550_101, 'Alice', 'alice');
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string }>> };

/** An edition shared from the bot: `/start edition_<id>` and `@bot edition_<id>` inline. */
describe('edition links', () => {
  let t: Harness;
  let editionId: number;
  beforeEach(async () => {
    t = await createHarness();
    const creator = await insertUser(t.db, { id: 901, firstName: 'Carla', isCreator: true });
    await insertUser(t.db, { id: 902, firstName: 'Sam', username: 'sam', walletAddress: `0:${'52'.repeat(32)}` });
    const packId = await insertPack(t, creator, { title: 'Space Cats', price: '1', maxSupply: 10 });
    const order = await purchase(t.db, 902, packId);
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, order));
    editionId = edition!.id;
    await listEdition(t.db, { userId: 902, editionId, price: '3', now: new Date(), starsLockDays: 21 });
  });
  afterEach(() => t.close());

  it('/start edition_<id> shows the edition, its owner and listing, with a startapp=edition_<id> button', async () => {
    await t.send(textUpdate(alice, `/start edition_${editionId}`));
    const [reply] = t.api.actions;
    expect(reply!.method).toBe('sendMessage');
    expect(reply!.params.text).toContain('<b>Space Cats</b> — edition #1 of 10');
    expect(reply!.params.text).toContain('Owned by @sam');
    expect(reply!.params.text).toContain('For sale: 3.00 TON');
    const button = (reply!.params.reply_markup as Keyboard).inline_keyboard[0]![0]!;
    expect(button.url).toBe(`https://t.me/${BOT_USER.username}?startapp=edition_${editionId}`);
  });

  it('an unknown edition says so and falls back to the welcome', async () => {
    await t.send(textUpdate(alice, '/start edition_987654'));
    expect(t.api.actions.map((call) => call.params.text)).toContain('That edition does not exist.');
  });

  it('shares a listing inline: @bot edition_<id> answers with that edition', async () => {
    await t.send(inlineQueryUpdate(alice, `edition_${editionId}`));
    const [answer] = t.api.actions.filter((call) => call.method === 'answerInlineQuery');
    const results = answer!.params.results as Array<{ id: string; title: string; description: string }>;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      id: `edition_${editionId}`,
      title: 'Space Cats #1',
      description: 'For sale: 3.00 TON',
    });
  });
});
