import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { API_ERRORS, DROP_ERRORS, MESSAGES, PackListResponse } from '@stickerdrop/shared';
import { likedPackIds, toggleLike } from '@stickerdrop/core';
import { findUserOrder } from '@stickerdrop/core/testing';
import { buildTestApp, describeEachDatabase, type TestApp } from '../../helpers.js';
import { createUser } from '../../users.js';
import { dropPack } from '../drops/fixtures.js';
import { buyListing, ownedEdition, putOnSale } from '../resale/fixtures.js';
import { authHeaders, buy, createPack, demoPay } from './fixtures.js';

/**
 * Reads that arrive while the previous one runs go to the database together (the drop rules before a buy,
 * the order before a payment, a signed-in page's likes): each caller must still get its own answer,
 * whatever the others ask.
 */
describeEachDatabase('reads made together', (kind) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp({ kind });
  });
  afterEach(() => t.close());

  it('orders read at once: each caller gets its own, and nobody gets another user’s', async () => {
    const pack = await createPack(t);
    const [ada, bob] = [await createUser(t), await createUser(t)];
    const adas = (await buy(t, ada, pack.id, 'demo')).order.id;
    const bobs = (await buy(t, bob, pack.id, 'demo')).order.id;
    // Every statement goes through the driver's query (the pool's, or PGlite's).
    const query = vi.spyOn((t.db as unknown as { $client: { query: () => unknown } }).$client, 'query');
    const asked = [
      [adas, ada.id],
      [bobs, ada.id],
      [bobs, bob.id],
      [randomUUID(), bob.id],
      [adas, ada.id],
    ] as const;
    const found = await Promise.all(asked.map(([orderId, userId]) => findUserOrder(t.db, orderId, userId)));
    expect(found.map((order) => order?.id ?? null)).toEqual([adas, null, bobs, null, adas]);
    expect(found[2]!.userId).toBe(bob.id);
    // Asked in one run of the event loop's microtasks: the five went as one statement.
    expect(query).toHaveBeenCalledTimes(1);
  });

  it('payments fired together settle each buyer’s own order, and refuse the others', async () => {
    const pack = await createPack(t);
    const buyers = [await createUser(t), await createUser(t), await createUser(t)];
    const orderIds: string[] = [];
    for (const buyer of buyers) orderIds.push((await buy(t, buyer, pack.id, 'demo')).order.id);
    const paid = await Promise.all([
      ...buyers.map((buyer, i) => demoPay(t, buyer, orderIds[i]!)),
      demoPay(t, buyers[0]!, orderIds[1]!),
      demoPay(t, buyers[2]!, randomUUID()),
    ]);
    expect(paid.slice(0, 3).map((p) => [p.statusCode, p.order.id])).toEqual(orderIds.map((id) => [200, id]));
    expect(
      paid
        .slice(0, 3)
        .map((p) => p.order.edition)
        .sort(),
    ).toEqual([1, 2, 3]);
    expect(paid.slice(3).map((p) => [p.statusCode, p.error])).toEqual([
      [404, API_ERRORS.orderNotFound],
      [404, API_ERRORS.orderNotFound],
    ]);
  });

  it('buys fired together each get their own verdict: owned, at the cap, live reservation, new, not open, unknown pack', async () => {
    const pack = await dropPack(t, { maxPerUser: 1 });
    const later = await dropPack(t, { dropsAt: new Date(t.clock.now.getTime() + 3_600_000) });
    const [owner, capped, holder, newcomer, early] = [
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
      await createUser(t),
    ];
    await demoPay(t, owner, (await buy(t, owner, pack.id, 'demo')).order.id);
    // A live reservation of a resale edition of the pack: at the cap of 1, with no primary reservation.
    const resold = await ownedEdition(t, { pack });
    const listingId = (await putOnSale(t, resold.seller, resold.editionId, '2')).listing.id;
    expect((await buyListing(t, capped, listingId)).statusCode).toBe(201);
    const held = (await buy(t, holder, pack.id, 'demo')).order.id;
    const answers = await Promise.all([
      buy(t, owner, pack.id, 'demo'),
      buy(t, capped, pack.id, 'demo'),
      buy(t, holder, pack.id, 'demo'),
      buy(t, newcomer, pack.id, 'demo'),
      buy(t, early, later.id, 'demo'),
      buy(t, newcomer, 999_999, 'demo'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([409, 409, 200, 201, 409, 404]);
    expect(answers[0]!.error).toBe(API_ERRORS.alreadyOwned);
    expect(answers[1]!.error).toBe(DROP_ERRORS.perUserLimit);
    expect(answers[2]!.order.id).toBe(held);
    expect(answers[4]!.error).toBe(DROP_ERRORS.notOpenYet(new Date(t.clock.now.getTime() + 3_600_000)));
    expect(answers[5]!.error).toBe(MESSAGES.packNotFound);
  });

  it('pages asked at once by different viewers each show that viewer’s likes', async () => {
    const packs = [await createPack(t), await createPack(t), await createPack(t)];
    const viewers = [await createUser(t), await createUser(t), await createUser(t)];
    // Viewer i likes the packs whose index is not i.
    for (const [i, viewer] of viewers.entries()) {
      for (const [j, pack] of packs.entries()) if (i !== j) await toggleLike(t.db, viewer.id, pack.id, t.clock.now);
    }
    const favourites = async (headers: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/stickers?sort=newest', headers });
      const items = PackListResponse.parse(res.json()).items;
      return packs.map((pack) => items.find((item) => item.id === pack.id)!.isFavorite);
    };
    const askers = [...viewers, viewers[1]!, null];
    const seen = await Promise.all(
      askers.map(async (viewer) => favourites(viewer ? await authHeaders(t, viewer) : {})),
    );
    expect(seen).toEqual([
      [false, true, true],
      [true, false, true],
      [true, true, false],
      [true, false, true],
      [false, false, false],
    ]);
    // Asked in one tick, the lookups after the first certainly go together.
    const cards = packs.map((pack) => ({ id: pack.id }));
    const liked = await Promise.all([...viewers, viewers[2]!, viewers[0]!].map((v) => likedPackIds(t.db, v.id, cards)));
    expect(liked.map((set) => packs.map((pack) => set.has(pack.id)))).toEqual([
      [false, true, true],
      [true, false, true],
      [true, true, false],
      [true, true, false],
      [false, true, true],
    ]);
  });
});
