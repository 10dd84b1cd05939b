import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { OPS_ERRORS } from '@stickerdrop/shared';
import { listReportedPacks } from '@stickerdrop/core';
import { tables } from '@stickerdrop/core/testing';
import { insertPack, insertUser } from '../support/fixtures.js';
import { createHarness, type Harness } from '../support/harness.js';
import { callbackUpdate, telegramUser, textUpdate } from '../support/updates.js';

const alice = telegramUser(5_570_001, 'Alice', 'alice');
type Keyboard = { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };

describe('Report on the bot’s pack card', () => {
  let t: Harness;
  let packId: number;
  beforeEach(async () => {
    t = await createHarness();
    const creator = await insertUser(t.db, { id: 901, firstName: 'Carla', isCreator: true });
    packId = await insertPack(t, creator, { title: 'Borrowed Mice', maxSupply: 100 });
  });
  afterEach(() => t.close());

  const buttons = (markup: unknown) => (markup as Keyboard).inline_keyboard.flat();

  it('asks why, files the report with the chosen reason, and refuses a second open one', async () => {
    await t.send(textUpdate(alice, `/start pack_${packId}`));
    const card = t.api.actions.find((call) => ['sendPhoto', 'sendMessage'].includes(call.method))!;
    const report = buttons(card.params.reply_markup).find((button) => button.callback_data === `report:${packId}`);
    expect(report?.text).toBe('⚑ Report');

    await t.send(callbackUpdate(alice, card.result, report!.callback_data!));
    const asked = t.api.callsTo('sendMessage').at(-1)!;
    const question = t.api.lastMessageTo(alice.id);
    expect(String(asked.params.text)).toContain('Why are you reporting <b>Borrowed Mice</b>?');
    const reasons = buttons(asked.params.reply_markup).map((button) => button.callback_data);
    expect(reasons).toEqual(['copyright', 'offensive', 'scam', 'other'].map((r) => `report:${packId}:${r}`));

    await t.send(callbackUpdate(alice, question, `report:${packId}:copyright`));
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params.text).toBe(
      'Thank you: your report was sent to the marketplace.',
    );
    expect(await t.db.select().from(tables.packReports)).toEqual([
      expect.objectContaining({ packId, reporterId: alice.id, reason: 'copyright', status: 'open' }),
    ]);
    // The desk lists it as it lists a report from the pack page.
    expect(await listReportedPacks(t.db)).toEqual([
      expect.objectContaining({
        pack: expect.objectContaining({ id: packId, title: 'Borrowed Mice' }),
        openReports: 1,
        reports: [expect.objectContaining({ reporterId: alice.id, reason: 'copyright' })],
      }),
    ]);

    await t.send(callbackUpdate(alice, question, `report:${packId}:scam`));
    expect(t.api.callsTo('answerCallbackQuery').at(-1)!.params).toMatchObject({
      text: OPS_ERRORS.reportOpen,
      show_alert: true,
    });
    expect(await t.db.select().from(tables.packReports)).toHaveLength(1);
    expect(t.log.errors()).toEqual([]);
  });
});

describe('Reports from the chat under RATE_LIMIT_REPORT', () => {
  let t: Harness;
  const packIds: number[] = [];
  beforeEach(async () => {
    t = await createHarness({ reportLimit: { max: 2, windowMs: 60_000 } });
    const creator = await insertUser(t.db, { id: 901, firstName: 'Carla', isCreator: true });
    packIds.length = 0;
    for (const title of ['One', 'Two', 'Three']) packIds.push(await insertPack(t, creator, { title, maxSupply: 10 }));
  });
  afterEach(() => t.close());

  /** Alice picks a reason on the question about `packId`; what the bot answered her tap. */
  async function report(packId: number) {
    const question = {
      message_id: 1,
      date: Math.floor(t.clock.now.getTime() / 1000),
      chat: { id: alice.id, type: 'private', first_name: alice.first_name },
      text: 'Why are you reporting this pack?',
    };
    await t.send(callbackUpdate(alice, question, `report:${packId}:scam`));
    return t.api.callsTo('answerCallbackQuery').at(-1)!.params;
  }

  it('refuses a report beyond the limit, in the person’s language, and files it once the window has passed', async () => {
    expect((await report(packIds[0]!)).text).toBe('Thank you: your report was sent to the marketplace.');
    expect((await report(packIds[1]!)).text).toBe('Thank you: your report was sent to the marketplace.');
    expect(await report(packIds[2]!)).toMatchObject({
      text: 'You have sent many reports lately. Please try again later.',
      show_alert: true,
    });
    expect(await t.db.select().from(tables.packReports)).toHaveLength(2);

    t.clock.now = new Date(t.clock.now.getTime() + 61_000);
    expect((await report(packIds[2]!)).text).toBe('Thank you: your report was sent to the marketplace.');
    expect(await t.db.select().from(tables.packReports)).toHaveLength(3);
    expect(t.log.errors()).toEqual([]);
  });
});
