import { describe, expect, it } from 'vitest';
import { outboxKey } from '../../src/outbox/keys.js';
import { BULK_OUTBOX_KINDS, OUTBOX_KINDS, outboxKindsOf } from '../../src/outbox/kinds/index.js';

const AT = new Date('2026-03-01T12:00:00Z');

describe('outbox kinds: one descriptor each', () => {
  // Rows already written carry these keys: a key that changed shape would let a retried write in twice.
  it('builds every kind’s dedupe key as rows already written carry it', () => {
    const keys: Record<keyof typeof OUTBOX_KINDS, string> = {
      purchase_receipt: outboxKey.purchase_receipt('o1'),
      sale_notice: outboxKey.sale_notice('o1'),
      refund_required: outboxKey.refund_required('o1', 'stars', 'ch1'),
      refund_notice: outboxKey.refund_notice('stars', 'ch1'),
      edition_revoked: outboxKey.edition_revoked(7),
      resale_receipt: outboxKey.resale_receipt('o1'),
      resale_sold: outboxKey.resale_sold('o1'),
      resale_royalty: outboxKey.resale_royalty('o1'),
      resale_payment_failed: outboxKey.resale_payment_failed('tx1'),
      reservation_released: outboxKey.reservation_released('o1'),
      sticker_set_delivery: outboxKey.sticker_set_delivery(5, 9, 'r1'),
      sticker_set_revoke: outboxKey.sticker_set_revoke({ resaleOrderId: 'o1' }),
      offer_received: outboxKey.offer_received(3, 5),
      offer_repriced: outboxKey.offer_repriced(3, 5, AT),
      offer_accepted: outboxKey.offer_accepted(3),
      offer_declined: outboxKey.offer_declined(3),
      offer_expired: outboxKey.offer_expired(3),
      offer_lapsed: outboxKey.offer_lapsed(3),
      gift_received: outboxKey.gift_received(4),
      gift_claimed: outboxKey.gift_claimed(4),
      drop_opened: outboxKey.drop_opened(9, 5),
      chat_language: outboxKey.chat_language(5, 'ru', AT),
      pack_removed: outboxKey.pack_removed(9, AT, 5),
      payout_paid: outboxKey.payout_paid(12),
      refund_paid: outboxKey.refund_paid(13),
    };
    expect(keys).toEqual({
      purchase_receipt: 'receipt:o1',
      sale_notice: 'sale:o1',
      refund_required: 'refund:o1:stars:ch1',
      refund_notice: 'refund-notice:stars:ch1',
      edition_revoked: 'edition-revoked:7',
      resale_receipt: 'resale-receipt:o1',
      resale_sold: 'resale-sold:o1',
      resale_royalty: 'resale-royalty:o1',
      resale_payment_failed: 'resale-failed:tx1',
      reservation_released: 'released:o1',
      sticker_set_delivery: 'sticker_set:5:9:r1',
      sticker_set_revoke: 'revoke:o1',
      offer_received: 'offer-received:3:5',
      offer_repriced: `offer-repriced:3:5:${AT.getTime()}`,
      offer_accepted: 'offer-accepted:3',
      offer_declined: 'offer-declined:3',
      offer_expired: 'offer-expired:3',
      offer_lapsed: 'offer-lapsed:3',
      gift_received: 'gift-received:4',
      gift_claimed: 'gift-claimed:4',
      drop_opened: 'drop_opened:9:5',
      chat_language: `chat-language:5:ru:${AT.getTime()}`,
      pack_removed: `pack-removed:9:${AT.getTime()}:5`,
      payout_paid: 'payout-paid:12',
      refund_paid: 'refund-paid:13',
    });
    expect(outboxKey.sticker_set_revoke({ claimedGiftId: 4 })).toBe('revoke:gift:4');
    expect(outboxKey.sticker_set_revoke({ refundedStarsPaymentId: 7 })).toBe('revoke:stars:7');
    expect(outboxKey.sticker_set_revoke({ takenDownPackId: 9, at: AT, userId: 5 })).toBe(
      `revoke:takedown:9:${AT.getTime()}:5`,
    );
  });

  it('claims offers to holders and drop announcements after personal messages, and gives each kind one worker', () => {
    expect([...BULK_OUTBOX_KINDS].sort()).toEqual(['drop_opened', 'offer_received', 'offer_repriced']);
    expect(outboxKindsOf('refunds')).toEqual(['refund_required']);
    expect([...outboxKindsOf('bot'), ...outboxKindsOf('refunds')].sort()).toEqual(Object.keys(OUTBOX_KINDS).sort());
  });
});
