import { afterEach, beforeEach, expect, it } from 'vitest';
import { SPEC_TEXTS } from '@stickerdrop/shared/testing';
import { describeEachDatabase } from '../../api/test/helpers.js';
import { createBot } from '../src/bot.js';
import { startBot, type RunningBot } from '../src/runtime/start.js';
import { pruneHandledUpdates } from '../src/runtime/update-once.js';
import { startWebhook, type WebhookServer } from '../src/runtime/webhook.js';
import { createHarness, PUBLIC_URL, TOKEN, type Harness } from './support/harness.js';
import { textUpdate, telegramUser } from './support/updates.js';
import { tables } from '@stickerdrop/core/testing';

const alice = telegramUser(5_550_101, 'Alice', 'alice');
const bob = telegramUser(6_660_101, 'Bob', 'bob');
const SECRET = 'webhook-secret-0123456789abcdef';

/** Telegram delivers an update again when it did not learn it was handled; the bot acts on it once. */
describeEachDatabase('each Telegram update is handled once', (kind) => {
  let t: Harness;
  let webhook: WebhookServer | undefined;
  const running: RunningBot[] = [];
  beforeEach(async () => {
    t = await createHarness({ kind });
  });
  afterEach(async () => {
    await Promise.all(running.splice(0).map((bot) => bot.stop()));
    await webhook?.stop();
    webhook = undefined;
    await t.close();
  });

  const welcomes = () => t.api.textsTo(alice.id).filter((text) => text.includes(SPEC_TEXTS.homeTagline));

  it('a repeated /start welcomes once, also for a restarted bot on the same database', async () => {
    const start = textUpdate(alice, '/start');
    await t.send(start);
    await t.send(structuredClone(start));
    expect(welcomes()).toHaveLength(1);

    // Another process (a restart, a second replica) shares what was handled.
    const restarted = createBot(TOKEN, {
      db: t.db,
      storage: t.storage,
      publicUrl: PUBLIC_URL,
      log: t.log,
      apiRoot: t.api.apiRoot,
    });
    await restarted.init();
    await restarted.handleUpdate(structuredClone(start));
    expect(welcomes()).toHaveLength(1);
    // A new update is of course handled.
    await t.send(textUpdate(alice, '/start'));
    expect(welcomes()).toHaveLength(2);
  });

  it('a repeated answer inside a conversation advances it once', async () => {
    await t.send(textUpdate(bob, '/becomecreator'));
    const name = textUpdate(bob, 'Carla');
    await t.send(name);
    const afterName = t.api.textsTo(bob.id);
    expect(afterName.at(-1)).toBe('Now a short bio (a sentence or two), or /skip.');

    await t.send(structuredClone(name));
    expect(t.api.textsTo(bob.id)).toEqual(afterName); // not taken as the bio

    await t.send(textUpdate(bob, 'I draw cats.'));
    const summary = t.api.textsTo(bob.id).at(-1)!;
    expect(summary).toContain('Name: Carla');
    expect(summary).toContain('Bio: I draw cats.');
  });

  it('a webhook retry of a handled update is answered 200 and does nothing', async () => {
    webhook = await startWebhook(
      t.bot,
      { url: 'https://bot.test/hook', secret: SECRET, port: 0, host: '127.0.0.1' },
      t.log,
    );
    const start = textUpdate(alice, '/start');
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${webhook.address}/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': SECRET },
        body: JSON.stringify(start),
      });
      expect(res.status).toBe(200);
    }
    expect(welcomes()).toHaveLength(1);
  });

  it('long polling: an update handled before a crash and delivered again after the restart acts once', async () => {
    const options = {
      config: { botToken: TOKEN, publicUrl: PUBLIC_URL, telegramApiRoot: t.api.apiRoot },
      db: t.db,
      storage: t.storage,
      log: t.log,
      outbox: { idleDelayMs: 20 },
    };
    const first = await startBot(options);
    running.push(first);
    await first.ready;
    const start = t.api.pushUpdate(textUpdate(alice, '/start'));
    await t.api.waitFor(() => welcomes().length === 1);
    await first.stop();
    running.splice(0);

    // The confirmation never reached Telegram: it hands the same update to the next process.
    t.api.pushUpdate(structuredClone(start));
    const second = await startBot(options);
    running.push(second);
    await second.ready;
    await t.api.waitFor(() => t.api.unconfirmedUpdates.length === 0, 10_000, 'the repeat to be confirmed');
    const next = t.api.pushUpdate(textUpdate(alice, '/help'));
    await t.api.waitFor(() => !t.api.unconfirmedUpdates.some((u) => u.update_id === next.update_id));
    expect(welcomes()).toHaveLength(1);
  });

  it('forgets handled updates after a day', async () => {
    const day = 24 * 60 * 60_000;
    const { telegramUpdates } = tables;
    await t.db.insert(telegramUpdates).values([
      { updateId: 1, handledAt: new Date(t.clock.now.getTime() - day - 1000) },
      { updateId: 2, handledAt: new Date(t.clock.now.getTime() - day + 60_000) },
    ]);
    await pruneHandledUpdates(t.db, t.clock.now);
    const left = await t.db.select({ updateId: telegramUpdates.updateId }).from(telegramUpdates);
    expect(left.map((row) => Number(row.updateId))).toEqual([2]);
  });
});
