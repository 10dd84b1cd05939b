import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DROP_ERRORS, formatDropTime } from '@stickerdrop/shared';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const alice = telegramUser(5_560_001, 'Alice', 'alice');
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };
const HOUR = 60 * 60 * 1000;

describe('drops on the bot pack card', () => {
  let t: Harness;
  let packId: number;
  let dropsAt: Date;
  beforeEach(async () => {
    t = await createHarness();
    const creator = await insertUser(t.db, { id: 900, firstName: 'Carla', isCreator: true });
    packId = await insertPack(t, creator, { title: 'Moon Drop', maxSupply: 100 });
    dropsAt = new Date(Date.UTC(2030, 5, 1, 18, 0, 0));
    t.clock.now = new Date(dropsAt.getTime() - HOUR);
    await t.db.update(tables.packs).set({ dropsAt, maxPerUser: 3 }).where(eq(tables.packs.id, packId));
  });
  afterEach(() => t.close());

  const card = () => t.api.actions.find((call) => call.method === 'sendPhoto')!;
  const buttons = (markup: unknown) => (markup as Keyboard).inline_keyboard.flat();
  const subscriptions = () => t.db.select().from(tables.dropSubscriptions);

  it('shows when the drop opens and the cap, and Notify me subscribes, then Stop unsubscribes', async () => {
    await t.send(textUpdate(alice, `/start pack_${packId}`));
    const caption = String(card().params.caption);
    expect(caption).toContain(`Drop opens at ${formatDropTime(dropsAt)}`);
    expect(caption).toContain('Drop opens at 2030-06-01 18:00 UTC');
    expect(caption).toContain('Up to 3 per collector');
    const notify = buttons(card().params.reply_markup).at(-1)!;
    expect(notify).toEqual({ text: '🔔 Notify me', callback_data: `drop:on:${packId}` });

    // Alice never opened the mini-app: her user row is made on the tap.
    await t.send(callbackUpdate(alice, card().result, notify.callback_data!));
    expect(await subscriptions()).toEqual([expect.objectContaining({ packId, userId: alice.id })]);
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params.text).toBe(
      'We will message you in Telegram when the drop opens.',
    );
    const edited = t.api.callsTo('editMessageReplyMarkup').at(-1)!;
    expect(buttons(edited.params.reply_markup).at(-1)).toEqual({
      text: '🔕 Stop notifying me',
      callback_data: `drop:off:${packId}`,
    });

    await t.send(callbackUpdate(alice, card().result, `drop:off:${packId}`));
    expect(await subscriptions()).toEqual([]);
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params.text).toBe('You will not be notified about this drop.');
    expect(buttons(t.api.callsTo('editMessageReplyMarkup').at(-1)!.params.reply_markup).at(-1)).toEqual({
      text: '🔔 Notify me',
      callback_data: `drop:on:${packId}`,
    });
    expect(t.log.errors()).toEqual([]);
  });

  it('once the drop is open: no Notify me on the card, and an old button says so', async () => {
    await t.send(textUpdate(alice, `/start pack_${packId}`));
    const old = card();
    t.clock.now = new Date(dropsAt.getTime() + 1000);
    t.api.clearCalls();
    await t.send(textUpdate(alice, `/start pack_${packId}`));
    expect(String(card().params.caption)).not.toContain('Drop opens at');
    expect(buttons(card().params.reply_markup).map((b) => b.callback_data)).toEqual([undefined, `report:${packId}`]);

    await t.send(callbackUpdate(alice, old.result, `drop:on:${packId}`));
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: DROP_ERRORS.alreadyOpen,
      show_alert: true,
    });
    expect(await subscriptions()).toEqual([]);
  });
});
