import { REMOVAL_REASONS } from '@stickerdrop/shared';
import { readerOf } from '../i18n.js';
import { escapeHtml } from '../views/texts.js';
import type { Deliveries } from './delivery-deps.js';

const ROLES = ['creator', 'owner', 'bidder'] as const;

/** The catalogue keys these messages are written from, by the prefix the code builds them with. */
export const PACK_REMOVED_KEY_FAMILIES = {
  'pack-removed-': ROLES.map((role) => `pack-removed-${role}`),
  'pack-removed-refunds-': ROLES.filter((role) => role !== 'bidder').map((role) => `pack-removed-refunds-${role}`),
  'pack-removed-why-': REMOVAL_REASONS.map((reason) => `pack-removed-why-${reason}`),
};

/** What the operator's desk tells people: a pack the marketplace took down, and why. */
export const opsDeliveries: Deliveries<'pack_removed'> = {
  pack_removed: {
    to: (removed) => removed.userId,
    async send(removed, to, deps) {
      if (to <= 0) return; // a demo user: there is no chat to tell
      const reader = await readerOf(deps.db, to);
      const why = reader.t(`pack-removed-why-${removed.reason}`);
      const lines = [reader.t(`pack-removed-${removed.role}`, { title: escapeHtml(removed.title), why })];
      if (removed.refunded && removed.role !== 'bidder') lines.push(reader.t(`pack-removed-refunds-${removed.role}`));
      await deps.acquire(to);
      await deps.api.sendMessage(to, lines.join('\n\n'), { parse_mode: 'HTML' });
    },
  },
};
