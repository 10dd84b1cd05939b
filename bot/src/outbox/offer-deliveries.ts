import { InlineKeyboard } from 'grammy';
import { parseTon } from '@stickerdrop/shared';
import { readOutboxPayload, type OutboxRow } from '@stickerdrop/core';
import { payOrderKeyboard } from '../views/keyboards.js';
import { OFFER_TEXTS } from '../views/offer-texts.js';
import type { DeliveryDeps } from './delivery-deps.js';
import { recipientOf } from './recipients.js';

/** The offer messages of the outbox: a new offer to an owner, and its outcome to the bidder. */
export const OFFER_OUTBOX_KINDS = ['offer_received', 'offer_accepted', 'offer_declined', 'offer_expired'] as const;
export type OfferOutboxKind = (typeof OFFER_OUTBOX_KINDS)[number];

const payloadOf = <K extends OfferOutboxKind>(row: OutboxRow, kind: K) => readOutboxPayload(row, kind);

/**
 * Callback data of the owner's buttons; the handler in features/offers.ts parses the same shapes. Accept
 * carries the price in nanotons the message showed: the message is sent once per offer, so a bidder who
 * lowers the price afterwards must not have it accepted from the old text.
 */
export const acceptData = (offerId: number, editionId: number, priceNano: bigint) =>
  `offer:accept:${offerId}:${editionId}:${priceNano}`;
export const declineData = (offerId: number) => `offer:decline:${offerId}`;

/** Sends one offer row; false when the row is not an offer kind. */
export async function deliverOffer(row: OutboxRow, deps: DeliveryDeps): Promise<boolean> {
  if (!(OFFER_OUTBOX_KINDS as readonly string[]).includes(row.kind)) return false;
  const to = recipientOf(row);
  await deps.acquire(to);
  switch (row.kind as OfferOutboxKind) {
    case 'offer_received': {
      const offer = payloadOf(row, 'offer_received');
      const keyboard = new InlineKeyboard()
        .text(
          offer.packWide ? OFFER_TEXTS.acceptSerial(offer.serial) : OFFER_TEXTS.accept,
          acceptData(offer.offerId, offer.editionId, parseTon(offer.price)!),
        )
        .text(OFFER_TEXTS.decline, declineData(offer.offerId));
      await deps.api.sendMessage(to, OFFER_TEXTS.received(offer), { parse_mode: 'HTML', reply_markup: keyboard });
      return true;
    }
    case 'offer_accepted': {
      const offer = payloadOf(row, 'offer_accepted');
      await deps.api.sendMessage(to, OFFER_TEXTS.accepted(offer), {
        parse_mode: 'HTML',
        reply_markup: payOrderKeyboard(deps.botUsername, offer.packId, offer.orderId),
      });
      return true;
    }
    case 'offer_declined':
      await deps.api.sendMessage(to, OFFER_TEXTS.declined(payloadOf(row, 'offer_declined')), { parse_mode: 'HTML' });
      return true;
    case 'offer_expired':
      await deps.api.sendMessage(to, OFFER_TEXTS.expired(payloadOf(row, 'offer_expired')), { parse_mode: 'HTML' });
      return true;
  }
}
