import { InlineKeyboard } from 'grammy';
import type { GiftPayload } from '@stickerdrop/core';
import { giftClaimLink } from '@stickerdrop/shared';
import { readerOf, type Translate } from '../i18n.js';
import { openEditionKeyboard } from '../views/keyboards.js';
import { escapeHtml } from '../views/texts.js';
import type { Deliveries } from './delivery-deps.js';

/** The callback of the gift message's "Add to Telegram": the pack whose sticker set to make. */
export const addSetCallback = (packId: number) => `set:add:${packId}`;

function giftValues(gift: GiftPayload): Record<string, string> {
  return {
    title: escapeHtml(gift.title),
    serial: String(gift.serial),
    maxSupply: String(gift.maxSupply),
    sender: escapeHtml(gift.senderName ?? ''),
    recipient: escapeHtml(gift.recipientName),
  };
}

/** What the new owner reads: the edition, who sent it (unless hidden), their note. */
export function giftReceivedText(gift: GiftPayload, t: Translate): string {
  const lines = [t(gift.senderName === null ? 'gift-received-hidden' : 'gift-received', giftValues(gift))];
  if (gift.note) lines.push('', t('gift-note', { note: escapeHtml(gift.note) }));
  return lines.join('\n');
}

/** A receipt's line for an edition bought as a gift: the link the buyer sends on. */
export function giftLinkLine(botUsername: string, giftCode: string | undefined, t: Translate): string {
  return giftCode ? `\n\n${t('gift-link', { link: giftClaimLink(botUsername, giftCode) })}` : '';
}

/** The gift messages of the outbox: its new owner's, and its sender's when it is claimed. */
export const giftDeliveries: Deliveries<'gift_received' | 'gift_claimed'> = {
  gift_received: {
    to: (gift) => gift.recipientId,
    async send(gift, to, deps) {
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      const keyboard = new InlineKeyboard().text(reader.t('add-to-telegram'), addSetCallback(gift.packId));
      await deps.api.sendMessage(to, giftReceivedText(gift, reader.t), { parse_mode: 'HTML', reply_markup: keyboard });
    },
  },
  gift_claimed: {
    to: (gift) => gift.senderId,
    async send(gift, to, deps) {
      const reader = await readerOf(deps.db, to);
      await deps.acquire(to);
      await deps.api.sendMessage(to, reader.t('gift-claimed', giftValues(gift)), {
        parse_mode: 'HTML',
        reply_markup: openEditionKeyboard(deps.botUsername, gift.editionId, reader.t('open-edition')),
      });
    },
  },
};
