import { and, eq } from 'drizzle-orm';
import { WalletContractV4 } from '@ton/ton';
import type { Order } from '@stickerdrop/shared';
import { type Config } from '@stickerdrop/core';
import type { TestApp } from '../../helpers.js';
import { tables } from '@stickerdrop/core/testing';

/** The marketplace's receiving wallet in these suites: a real v4 wallet address. */
export const RECEIVER = WalletContractV4.create({ workchain: 0, publicKey: Buffer.alloc(32, 7) }).address.toString();

export const STRIPE_SECRET_KEY = 'sk_test_stickerdrop_0000000000000000';
export const STRIPE_WEBHOOK_SECRET = 'whsec_stickerdrop_test_secret_000000000';

/** Config for an app whose real rails point at the local fakes; demo mode off unless asked. */
export function railsConfig(fakes: { indexerUrl?: string; stripeApiBase?: string; telegramApiRoot?: string }) {
  const config: Partial<Config> = {
    demo: false,
    paymentMethods: ['ton', 'stripe', 'stars'],
    ton: { receiver: RECEIVER, indexerUrl: fakes.indexerUrl, network: 'mainnet', usdRate: '5' },
    stripe: {
      secretKey: fakes.stripeApiBase ? STRIPE_SECRET_KEY : undefined,
      webhookSecret: fakes.stripeApiBase ? STRIPE_WEBHOOK_SECRET : undefined,
      apiBase: fakes.stripeApiBase,
    },
    starsPerTon: 250,
    publicUrl: 'https://stickerdrop.test',
  };
  if (fakes.telegramApiRoot) config.telegramApiRoot = fakes.telegramApiRoot;
  else config.botToken = undefined;
  return config;
}

/** A logger that keeps what it was told, for asserting what the operator sees. */
export function recordingLog() {
  const lines: Array<{ level: string; details: object; message: string }> = [];
  const at = (level: string) => (details: object, message: string) => void lines.push({ level, details, message });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

export async function getOrder(t: Pick<TestApp, 'app'>, orderId: string, authorization: string): Promise<Order> {
  const res = await t.app.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: { authorization } });
  if (res.statusCode !== 200) throw new Error(`GET order: ${res.statusCode} ${res.body}`);
  return (res.json() as { order: Order }).order;
}

export async function ledger(t: Pick<TestApp, 'db'>, method?: string) {
  const rows = await t.db
    .select()
    .from(tables.payments)
    .where(method ? eq(tables.payments.method, method) : undefined)
    .orderBy(tables.payments.id);
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

export async function editionsOfOrder(t: Pick<TestApp, 'db'>, orderId: string) {
  return t.db.select().from(tables.editions).where(eq(tables.editions.orderId, orderId));
}

export async function refundJobs(t: Pick<TestApp, 'db'>, orderId?: string) {
  const rows = await t.db
    .select()
    .from(tables.outbox)
    .where(and(eq(tables.outbox.kind, 'refund_required')))
    .orderBy(tables.outbox.id);
  return rows.filter((row) => !orderId || (row.payload as { orderId: string }).orderId === orderId);
}
