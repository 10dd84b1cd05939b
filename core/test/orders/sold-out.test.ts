import { afterEach, beforeEach, expect, it } from 'vitest';
import { API_ERRORS, ORDER_RESERVATION_MS } from '@stickerdrop/shared';
import { type Database, reserveEdition } from '../../src/index.js';
import { describeEachDatabase, freshDatabase, type TestDatabase } from '../support/db.js';
import { buyAndPay, createUser, insertPack } from '../support/market.js';

const NOW = new Date('2026-03-01T12:00:00Z');

/**
 * A pack whose sold editions and live reservations leave none refuses a new buyer on the rules' read
 * (drops/reserve-rules.ts), before the reservation; a buyer the reservation would answer otherwise is
 * still answered by it.
 */
describeEachDatabase('sold out', (kind) => {
  let handle: TestDatabase;
  let db: Database;
  let pack: number;
  beforeEach(async () => {
    handle = await freshDatabase(kind);
    db = handle.db;
    pack = await insertPack(db, await createUser(db, { isCreator: true }), { maxSupply: 2 });
  });
  afterEach(() => handle.close());

  const reserve = (userId: number, now = NOW) =>
    reserveEdition(db, { userId, packId: pack, paymentMethod: 'ton', now });

  it('refuses a newcomer while sold and reserved fill the supply, and takes them once a reservation lapses', async () => {
    const [owner, holder, newcomer] = [await createUser(db), await createUser(db), await createUser(db)];
    await buyAndPay(db, owner, pack, NOW);
    const held = await reserve(holder);

    await expect(reserve(newcomer)).rejects.toMatchObject({ code: 'sold_out', message: API_ERRORS.soldOut });
    // The holder gets their reservation back and the owner is told they own one, as before the supply filled.
    expect(await reserve(holder)).toMatchObject({ created: false, order: { id: held.order.id } });
    await expect(reserve(owner)).rejects.toMatchObject({ code: 'already_owned' });

    const lapsed = new Date(NOW.getTime() + ORDER_RESERVATION_MS);
    expect(await reserve(newcomer, lapsed)).toMatchObject({ created: true });
  });
});
