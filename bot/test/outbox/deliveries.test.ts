import { describe, expect, it } from 'vitest';
import { outboxKindsOf, type OutboxRow } from '@stickerdrop/core';
import { BOT_OUTBOX_KINDS, recipientOf } from '../../src/outbox/deliveries.js';
import { PermanentDeliveryError } from '../../src/outbox/delivery-deps.js';

const row = (kind: string, payload: unknown) => ({ kind, payload }) as OutboxRow;

describe('outbox deliveries: one per kind the bot sends', () => {
  // The types ask for one delivery of each of the bot's kinds; this also refuses one for a kind that is not the bot's.
  it('has a delivery for exactly the kinds whose worker is the bot', () => {
    expect([...BOT_OUTBOX_KINDS].sort()).toEqual(outboxKindsOf('bot').sort());
    expect(BOT_OUTBOX_KINDS).not.toContain('refund_required');
  });

  it('sends each message to the person its kind names, and refuses a kind the bot does not send', () => {
    const offer = { offerId: 1, bidderId: 5, packId: 2, title: 'Cats', maxSupply: 10, price: '1', expiresAt: '' };
    expect(recipientOf(row('offer_declined', { ...offer, editionId: 3, serial: 1 }))).toBe(5);
    const gift = { giftId: 1, packId: 2, title: 'Cats', serial: 1, maxSupply: 10, editionId: 3, note: '' };
    const claimed = { ...gift, senderId: 6, recipientId: 7, senderName: null, recipientName: 'R' };
    expect(recipientOf(row('gift_received', claimed))).toBe(7);
    expect(recipientOf(row('gift_claimed', claimed))).toBe(6);
    expect(() => recipientOf(row('refund_required', {}))).toThrow(PermanentDeliveryError);
  });
});
