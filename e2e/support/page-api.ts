import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import type { Order } from '@stickerdrop/shared';
import { tables } from '@stickerdrop/core/testing';
import type { TestServer } from './app-server';
import { telegramInitData } from './telegram-mock';

/** The page's own API call with the session the app signed in with (GET, or POST with a JSON body). */
export async function callApi<T>(page: Page, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(path, {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${localStorage.getItem('accessToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return response.json();
    },
    { path, body },
  ) as Promise<T>;
}

export type ApiCall = <T>(path: string, body?: unknown) => Promise<T>;

/**
 * API calls made from the test itself (GET, or POST with a JSON body), with `accessToken` when given; a
 * refusal throws with its status and error.
 */
export function serverApi(server: TestServer, accessToken?: string): ApiCall {
  return async <T>(path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`${path}: ${response.status} ${json.error}`);
    return json;
  };
}

/**
 * A Telegram user's API calls made from the test itself, signed in as the mini-app signs in (real init
 * data to POST /api/auth/telegram): for a test's setup (a purchase, a listing), where opening a page only
 * to call the API cost a second of the browser each time.
 */
export async function telegramUserApi(
  server: TestServer,
  user: { id: number; first_name: string; username?: string },
): Promise<ApiCall> {
  const initData = telegramInitData({ user, botToken: server.config.botToken! });
  const { tokens } = await serverApi(server)<{ tokens: { accessToken: string } }>('/api/auth/telegram', { initData });
  return serverApi(server, tokens.accessToken);
}

/**
 * An edition of `packId` that `seller` bought on the demo rail and listed at `price` TON, all through the API
 * (the seller's payout wallet is set in the database: linking one takes a signed TON Connect proof).
 */
export async function listEdition(
  server: TestServer,
  seller: { id: number; first_name: string; username?: string },
  packId: number,
  price: string,
): Promise<{ id: number; serial: number }> {
  const api = await telegramUserApi(server, seller);
  const { order } = await api<{ order: Order }>('/api/marketplace/buy', { stickerId: packId, paymentMethod: 'demo' });
  const paid = await api<{ order: Order }>(`/api/orders/${order.id}/demo-pay`, {});
  const serial = paid.order.edition!;
  await server.db
    .update(tables.users)
    .set({ walletAddress: `0:${'41'.repeat(32)}` })
    .where(eq(tables.users.id, seller.id));
  const [edition] = await server.db
    .select()
    .from(tables.editions)
    .where(and(eq(tables.editions.packId, packId), eq(tables.editions.serial, serial)));
  await api(`/api/editions/${edition!.id}/listing`, { price });
  return { id: edition!.id, serial };
}
