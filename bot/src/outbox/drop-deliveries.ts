import { dropStillAnnounceable } from '@stickerdrop/core';
import { openPackKeyboard } from '../views/keyboards.js';
import { escapeHtml } from '../views/texts.js';
import { readerOf } from '../i18n.js';
import type { Deliveries } from './delivery-deps.js';

/**
 * A scheduled drop opened: each collector who asked is told, with a button to buy; nobody is, once the
 * marketplace has removed the pack.
 */
export const dropDeliveries: Deliveries<'drop_opened'> = {
  drop_opened: {
    to: (drop) => drop.userId,
    async send(drop, to, deps) {
      if (!(await dropStillAnnounceable(deps.db, drop.packId))) return;
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      await deps.api.sendMessage(to, reader.t('drop-opened', { title: escapeHtml(drop.title) }), {
        parse_mode: 'HTML',
        reply_markup: openPackKeyboard(deps.botUsername, drop.packId, reader.t('buy-now')),
      });
    },
  },
};
