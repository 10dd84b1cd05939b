import { describe, expect, it } from 'vitest';
import type { GiftDetail, Order } from '@stickerdrop/shared';
import { giftOfOrder } from '../../../src/features/gifts/bought-gift';

function gift(code: string, fields: Partial<GiftDetail>): GiftDetail {
  return {
    code,
    state: 'pending',
    pack: { id: 3, title: 'Space Cats', imageUrl: null },
    editionId: 41,
    serial: 7,
    maxSupply: 250,
    note: '',
    sender: { id: 5, name: 'Ada' },
    expiresAt: '2026-12-09T12:00:00.000Z',
    claimable: false,
    claimUrl: `https://t.me/bot?startapp=gift_${code}`,
    ...fields,
  };
}

const paid = (fields: Partial<Order>): Order => ({
  id: '00000000-0000-4000-8000-000000000001',
  stickerId: 3,
  status: 'paid',
  paymentMethod: 'demo',
  amount: '1.00',
  expiresAt: '2026-12-02T12:15:00.000Z',
  createdAt: '2026-12-02T12:00:00.000Z',
  paidAt: '2026-12-02T12:01:00.000Z',
  edition: 7,
  payment: { kind: 'demo' },
  ...fields,
});

describe('the gift a paid order bought', () => {
  const sent = [
    gift('claimedSerialSevenOfP3', { state: 'claimed' }),
    gift('otherPackSerialSevenAa', { pack: { id: 4, title: 'Other', imageUrl: null }, editionId: 90 }),
    gift('pendingSerialSevenOfP3', {}),
    gift('resaleEditionNinetyOne', { editionId: 91, serial: 12 }),
  ];

  it('a new edition: the pending gift of its pack and serial', () => {
    expect(giftOfOrder(sent, paid({}))?.code).toBe('pendingSerialSevenOfP3');
  });

  it('a listing: the pending gift of the edition bought', () => {
    expect(giftOfOrder(sent, paid({ kind: 'resale', editionId: 91, edition: null }))?.code).toBe(
      'resaleEditionNinetyOne',
    );
  });

  it('none when the gift is not among the sent ones yet', () => {
    expect(giftOfOrder(sent, paid({ edition: 8 }))).toBeUndefined();
  });
});
