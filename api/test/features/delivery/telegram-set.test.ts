import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { API_ERRORS, MESSAGES } from '@stickerdrop/shared';
import { fulfilOrder } from '@stickerdrop/core';
import { buildTestApp, type TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { createPack, insertOrder } from '../orders/fixtures.js';
import { tables } from '@stickerdrop/core/testing';

/** POST /api/stickers/:id/telegram-set: "Add to Telegram" queues a job for the bot, for owners only. */
describe('POST /api/stickers/:id/telegram-set', () => {
  let t: TestApp;
  let packId: number;
  let owner: TestUser;

  beforeEach(async () => {
    t = await buildTestApp();
    packId = (await createPack(t)).id;
    owner = await createUser(t, { id: 4242 });
    const orderId = await insertOrder(t, { userId: owner.id, packId });
    await fulfilOrder(t.db, { orderId, paymentRef: `test:${orderId}`, now: t.clock.now });
  });
  afterEach(() => t.close());

  const tap = (id: number | string, headers: Record<string, string> = owner.headers) =>
    t.app.inject({ method: 'POST', url: `/api/stickers/${id}/telegram-set`, headers });
  const jobs = () =>
    t.db.select().from(tables.outbox).where(eq(tables.outbox.kind, 'sticker_set_delivery')).orderBy(tables.outbox.id);

  it('queues a delivery job for an owner: 202 queued', async () => {
    const res = await tap(packId);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ status: 'queued' });
    const [job] = await jobs();
    expect(job).toMatchObject({ status: 'pending', payload: { userId: owner.id, packId } });
    expect(job!.dedupeKey).toMatch(new RegExp(`^sticker_set:${owner.id}:${packId}:`));
  });

  it('recognises every owner, not only the one whose edition id happens to equal the pack id', async () => {
    const second = await createUser(t, { id: 4343 });
    const orderId = await insertOrder(t, { userId: second.id, packId });
    await fulfilOrder(t.db, { orderId, paymentRef: `test:${orderId}`, now: t.clock.now });
    const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.ownerId, second.id));
    expect(edition!.id).not.toBe(packId);
    expect((await tap(packId, second.headers)).statusCode).toBe(202);
  });

  it('a second tap is a second job (the bot re-sends the link); a retried tap with its key is one', async () => {
    expect((await tap(packId)).statusCode).toBe(202);
    expect((await tap(packId)).statusCode).toBe(202);
    expect(await jobs()).toHaveLength(2);
    const headers = { ...owner.headers, 'idempotency-key': 'tap-0123456789' };
    expect((await tap(packId, headers)).statusCode).toBe(202);
    expect((await tap(packId, headers)).statusCode).toBe(202);
    expect(await jobs()).toHaveLength(3);
  });

  it('401 signed out or with a bad token, like downloads', async () => {
    const signedOut = await tap(packId, {});
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toEqual({ error: MESSAGES.downloadRequiresLogin });
    const badToken = await tap(packId, { authorization: 'Bearer nope' });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json()).toEqual({ error: API_ERRORS.invalidToken });
    expect(await jobs()).toHaveLength(0);
  });

  it('404 for an unknown or malformed pack id', async () => {
    for (const id of [999_999, 'abc', 0, '99999999999']) {
      const res = await tap(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: MESSAGES.packNotFound });
    }
    expect(await jobs()).toHaveLength(0);
  });

  it('403 for someone who does not own the pack', async () => {
    const stranger = await createUser(t);
    const res = await tap(packId, stranger.headers);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: MESSAGES.downloadRequiresPurchase });
    expect(await jobs()).toHaveLength(0);
  });

  it('409 for a demo user, who has no Telegram account to hold a sticker set', async () => {
    const demo = await createUser(t, { id: -77 });
    const orderId = await insertOrder(t, { userId: demo.id, packId });
    await fulfilOrder(t.db, { orderId, paymentRef: `test:${orderId}`, now: t.clock.now });
    const res = await tap(packId, demo.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: API_ERRORS.telegramAccountRequired });
  });

  it('503 when no bot is configured to make the set', async () => {
    const noBot = await buildTestApp({ config: { botToken: undefined } });
    try {
      const pack = await createPack(noBot);
      const user = await createUser(noBot, { id: 4343 });
      const orderId = await insertOrder(noBot, { userId: user.id, packId: pack.id });
      await fulfilOrder(noBot.db, { orderId, paymentRef: `test:${orderId}`, now: noBot.clock.now });
      const res = await noBot.app.inject({
        method: 'POST',
        url: `/api/stickers/${pack.id}/telegram-set`,
        headers: user.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: API_ERRORS.telegramSetUnavailable });
    } finally {
      await noBot.close();
    }
  });
});
