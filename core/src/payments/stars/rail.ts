import { inArray } from 'drizzle-orm';
import { readsTogetherById } from '../../db/batches.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { packs } from '../../db/schema.js';
import type { PaymentRail } from '../../sales/payment-methods.js';
import { starsFor } from '../prices.js';
import type { PaymentsTelegram } from '../telegram.js';

/** Telegram's limits for invoice texts. */
const TITLE_MAX = 32;
const DESCRIPTION_MAX = 255;

export interface StarsRailDeps {
  db: Database;
  telegram: PaymentsTelegram;
  starsPerTon: number;
}

/**
 * Telegram Stars: an invoice link in XTR (no provider token), priced from TON at STARS_PER_TON (rounded
 * up), its payload the order id. The bot answers the pre-checkout query and settles the payment.
 */
export function starsRail(deps: StarsRailDeps): PaymentRail {
  return {
    method: 'stars',
    async createPayment(order) {
      const stars = starsFor(order.amountNano, deps.starsPerTon);
      const pack = await readInvoicePack(deps.db, order.packId);
      const title = pack?.title ?? 'Sticker pack';
      const description = `One numbered edition of “${title}”, limited to ${pack?.maxSupply ?? 1}.`;
      const invoiceLink = await deps.telegram.createInvoiceLink(
        truncate(title, TITLE_MAX),
        truncate(description, DESCRIPTION_MAX),
        order.id,
        '',
        'XTR',
        [{ label: truncate(title, TITLE_MAX), amount: stars }],
      );
      return { kind: 'stars', invoiceLink, stars };
    },
  };
}

/** A drop's buyers ask for one pack's invoice at once: those asked while one read runs are read together. */
const readInvoicePack = readsTogetherById(
  (db: DbOrTx, ids: number[]) =>
    db
      .select({ id: packs.id, title: packs.title, maxSupply: packs.maxSupply })
      .from(packs)
      .where(inArray(packs.id, ids)),
  (pack) => pack.id,
);

function truncate(text: string, max: number): string {
  return [...text].length <= max ? text : `${[...text].slice(0, max - 1).join('')}…`;
}
