import { eq } from 'drizzle-orm';
import type { Listing, Order } from '@stickerdrop/shared';
import { listings, resaleLedger, tables } from '@stickerdrop/core/testing';
import type { TestApp } from '../../helpers.js';
import { createUser, type TestUser } from '../../users.js';
import { authHeaders, buy, createPack, demoPay, type PackFixture } from '../orders/fixtures.js';

/** A raw TON address of a wallet, distinct per `n`. */
export const walletAddress = (n: number) => `0:${n.toString(16).padStart(2, '0').repeat(32)}`;

export async function setWallet(t: Pick<TestApp, 'db'>, user: TestUser, n: number | null): Promise<void> {
  await t.db
    .update(tables.users)
    .set({ walletAddress: n === null ? null : walletAddress(n) })
    .where(eq(tables.users.id, user.id));
}

export interface OwnedEdition {
  pack: PackFixture;
  seller: TestUser;
  editionId: number;
  serial: number;
}

/**
 * A seller (with a linked wallet unless told otherwise) who bought an edition of a fresh pack the real way
 * (buy, then demo pay): the mint is in the feed as it would be.
 */
export async function ownedEdition(
  t: TestApp,
  options: {
    pack?: PackFixture;
    royaltyBps?: number;
    sellerWallet?: number | null;
    creatorWallet?: number | null;
  } = {},
): Promise<OwnedEdition> {
  const pack = options.pack ?? (await createPack(t, { priceNano: 1_000_000_000n }));
  if (options.royaltyBps !== undefined) {
    await t.db.update(tables.packs).set({ royaltyBps: options.royaltyBps }).where(eq(tables.packs.id, pack.id));
  }
  if (options.creatorWallet !== undefined) await setWallet(t, pack.creator, options.creatorWallet);
  const seller = await createUser(t);
  await setWallet(t, seller, options.sellerWallet === undefined ? 10 + (seller.id % 200) : options.sellerWallet);
  const bought = await buy(t, seller, pack.id, 'demo');
  const paid = await demoPay(t, seller, bought.order.id);
  const [edition] = await t.db.select().from(tables.editions).where(eq(tables.editions.orderId, paid.order.id));
  return { pack, seller, editionId: edition!.id, serial: edition!.serial };
}

export async function putOnSale(t: TestApp, user: TestUser, editionId: number, price: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/editions/${editionId}/listing`,
    headers: await authHeaders(t, user),
    payload: { price },
  });
  return { statusCode: res.statusCode, listing: res.json().listing as Listing, error: res.json().error as string };
}

export async function buyListing(t: TestApp, user: TestUser, listingId: number, paymentMethod = 'demo') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/marketplace/buy',
    headers: await authHeaders(t, user),
    payload: { listingId, paymentMethod },
  });
  return { statusCode: res.statusCode, order: res.json().order as Order, error: res.json().error as string };
}

export async function listingRow(t: Pick<TestApp, 'db'>, id: number) {
  const [row] = await t.db.select().from(listings).where(eq(listings.id, id));
  return row!;
}

export async function ledgerOf(t: Pick<TestApp, 'db'>, orderId: string) {
  return t.db.select().from(resaleLedger).where(eq(resaleLedger.orderId, orderId)).orderBy(resaleLedger.id);
}

export async function get(t: TestApp, url: string, user?: TestUser) {
  const res = await t.app.inject({ method: 'GET', url, headers: user ? await authHeaders(t, user) : {} });
  return { statusCode: res.statusCode, body: res.json() };
}
