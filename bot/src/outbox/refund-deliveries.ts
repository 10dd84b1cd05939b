import { openPackKeyboard } from '../views/keyboards.js';
import { refundNotice } from '../views/refund-texts.js';
import { countIn, escapeHtml } from '../views/texts.js';
import { readerOf } from '../i18n.js';
import type { Deliveries } from './delivery-deps.js';

/** What a payment that went back means to the people it concerns: why, and an edition taken back. */
export const refundDeliveries: Deliveries<'refund_notice' | 'edition_revoked'> = {
  refund_notice: {
    to: (notice) => notice.buyerId,
    async send(notice, to, deps) {
      if (to <= 0) return; // a demo user: there is no chat to tell
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      await deps.api.sendMessage(to, refundNotice(notice, reader.t), { parse_mode: 'HTML' });
    },
  },
  edition_revoked: {
    to: (revoked) => revoked.userId,
    async send(revoked, to, deps) {
      const reader = await readerOf(deps.db, to);
      const text = reader.t('edition-revoked', {
        stars: revoked.stars,
        title: escapeHtml(revoked.title),
        serial: String(revoked.serial),
        maxSupply: countIn(reader.language, revoked.maxSupply),
      });
      await deps.acquire(to);
      await deps.api.sendMessage(to, text, {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, revoked.packId, reader.t('open-pack')),
      });
    },
  },
};
