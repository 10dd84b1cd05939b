import { GrammyError, InlineKeyboard } from 'grammy';
import { parseTon } from '@stickerdrop/shared';
import {
  noticeMessageOf,
  noticeTarget,
  recordNoticeMessage,
  type OfferReceivedPayload,
  type OutboxPayloads,
} from '@stickerdrop/core';
import { payOrderKeyboard } from '../views/keyboards.js';
import { offerNotices } from '../views/offer-texts.js';
import { readerOf } from '../i18n.js';
import type { Deliveries, Delivery, DeliveryDeps } from './delivery-deps.js';

/**
 * Callback data of the owner's buttons; the handler in features/offers.ts parses the same shapes. Accept
 * carries the price in nanotons the message shows: a bidder who lowers the price while the edit is on its
 * way must not have it accepted from the old text.
 */
export const acceptData = (offerId: number, editionId: number, priceNano: bigint) =>
  `offer:accept:${offerId}:${editionId}:${priceNano}`;
export const declineData = (offerId: number) => `offer:decline:${offerId}`;

/** The owner's buttons under a "New offer": Accept (at the price the message shows) and Decline. */
function offerKeyboard(offer: OfferReceivedPayload, texts: OfferNotices): InlineKeyboard {
  return new InlineKeyboard()
    .text(
      offer.packWide ? texts.acceptSerial(offer.serial) : texts.accept,
      acceptData(offer.offerId, offer.editionId, parseTon(offer.price)!),
    )
    .text(texts.decline, declineData(offer.offerId));
}

type OfferNotices = ReturnType<typeof offerNotices>;

/** Where a holder's "New offer" about this bidder's offers on this target is. */
const noticeOf = (offer: OfferReceivedPayload) => ({
  holderId: offer.ownerId,
  bidderId: offer.bidderId,
  target: noticeTarget({ packId: offer.packId, editionId: offer.packWide ? null : offer.editionId }),
});

async function sendOfferReceived(
  to: number,
  offer: OfferReceivedPayload,
  texts: OfferNotices,
  deps: DeliveryDeps,
): Promise<void> {
  const sent = await deps.api.sendMessage(to, texts.received(offer), {
    parse_mode: 'HTML',
    reply_markup: offerKeyboard(offer, texts),
  });
  // Sent is sent: a failure to note where must not make the worker send it again. A raise then finds no
  // message to edit, and the owner's Accept still refuses the old price.
  await recordNoticeMessage(deps.db, { ...noticeOf(offer), chatId: sent.chat.id, messageId: sent.message_id }).catch(
    () => undefined,
  );
}

/**
 * The bidder changed their offer: the owner's message says the new price, with an Accept at that price,
 * edited in place (no notification). A message never sent, or gone from the chat, has nothing to edit.
 */
async function editOfferReceived(offer: OfferReceivedPayload, texts: OfferNotices, deps: DeliveryDeps): Promise<void> {
  const message = await noticeMessageOf(deps.db, noticeOf(offer));
  if (!message) return;
  try {
    await deps.api.editMessageText(message.chatId, message.messageId, texts.received(offer), {
      parse_mode: 'HTML',
      reply_markup: offerKeyboard(offer, texts),
    });
  } catch (error) {
    if (error instanceof GrammyError && error.error_code === 400 && UNEDITABLE.test(error.description)) return;
    throw error;
  }
}

/** Telegram's answers when an edit cannot or need not happen: the message is gone, or already says this. */
const UNEDITABLE = /message is not modified|message to edit not found|message can't be edited/i;

type OfferKind =
  'offer_received' | 'offer_repriced' | 'offer_accepted' | 'offer_declined' | 'offer_expired' | 'offer_lapsed';

/**
 * An offer message, written in its recipient's language (the owner's for a new offer, the bidder's for its
 * outcome) and sent in their chat's turn.
 */
function offerDelivery<K extends OfferKind>(
  to: Delivery<K>['to'],
  send: (payload: OutboxPayloads[K], to: number, texts: OfferNotices, deps: DeliveryDeps) => Promise<unknown>,
): Delivery<K> {
  return {
    to,
    async send(payload, to, deps) {
      const texts = offerNotices(await readerOf(deps.db, to));
      await deps.acquire(to);
      await send(payload, to, texts, deps);
    },
  };
}

/** The offer messages of the outbox: a new offer to an owner (edited when repriced), and its outcome to the bidder. */
export const offerDeliveries: Deliveries<OfferKind> = {
  offer_received: offerDelivery(
    (offer) => offer.ownerId,
    (offer, to, texts, deps) => sendOfferReceived(to, offer, texts, deps),
  ),
  offer_repriced: offerDelivery(
    (offer) => offer.ownerId,
    (offer, _to, texts, deps) => editOfferReceived(offer, texts, deps),
  ),
  offer_accepted: offerDelivery(
    (offer) => offer.bidderId,
    (offer, to, texts, deps) =>
      deps.api.sendMessage(to, texts.accepted(offer), {
        parse_mode: 'HTML',
        reply_markup: payOrderKeyboard(deps.botUsername, offer.packId, offer.orderId, texts.pay),
      }),
  ),
  offer_declined: offerDelivery(
    (offer) => offer.bidderId,
    (offer, to, texts, deps) => deps.api.sendMessage(to, texts.declined(offer), { parse_mode: 'HTML' }),
  ),
  offer_expired: offerDelivery(
    (offer) => offer.bidderId,
    (offer, to, texts, deps) => deps.api.sendMessage(to, texts.expired(offer), { parse_mode: 'HTML' }),
  ),
  offer_lapsed: offerDelivery(
    (offer) => offer.bidderId,
    (offer, to, texts, deps) => deps.api.sendMessage(to, texts.lapsed(offer), { parse_mode: 'HTML' }),
  ),
};
