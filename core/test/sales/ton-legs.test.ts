import { randomBytes } from 'node:crypto';
import { Address } from '@ton/core';
import { describe, expect, it } from 'vitest';
import type { PaymentInstructions, PrimaryLegs } from '@stickerdrop/shared';
import { creatorPaidOnChain, expectedOtherLegs, primaryTonPayment } from '../../src/sales/ton-legs.js';

const target = { receiver: new Address(0, Buffer.alloc(32, 7)).toString(), network: 'mainnet' as const };
const creator = new Address(0, randomBytes(32)).toString();

function legsOf(payment: PaymentInstructions): PrimaryLegs {
  if (payment.kind !== 'ton') throw new Error('not TON');
  return payment.legs as PrimaryLegs;
}

describe("a primary sale's TON legs", () => {
  const terms = { orderId: '11111111-1111-4111-8111-111111111111', validUntil: 1_900_000_000 };

  it('split the price exactly: the fee rounded down, the creator the rest, whatever the price and fee', () => {
    for (const priceNano of [1n, 19n, 1_234_567_891n, 2_500_000_000n, 999_999_999_999n]) {
      for (const feeBps of [0, 1, 500, 1234, 5000]) {
        const legs = legsOf(primaryTonPayment({ ...terms, priceNano, feeBps, creatorWallet: creator }, target));
        const fee = (priceNano * BigInt(feeBps)) / 10_000n;
        expect(BigInt(legs.fee.amount)).toBe(fee);
        expect(BigInt(legs.creator?.amount ?? 0)).toBe(priceNano - fee);
      }
    }
  });

  it("the creator's wallet non-bounceable, the receiver bounceable with the comment, last; amountNano the fee leg's", () => {
    const payment = primaryTonPayment(
      { ...terms, priceNano: 2_000_000_000n, feeBps: 500, creatorWallet: creator },
      target,
    );
    if (payment.kind !== 'ton') throw new Error('not TON');
    const [first, last] = payment.messages!;
    expect(Address.parseFriendly(first!.address).isBounceable).toBe(false);
    expect(Address.parseFriendly(last!.address).isBounceable).toBe(true);
    expect([first!.amount, last!.amount, payment.amountNano]).toEqual(['1900000000', '100000000', '100000000']);
    expect(last!.payload).toBeDefined();
    expect(creatorPaidOnChain(payment)).toBe(true);
    expect(expectedOtherLegs({ kind: 'primary', payment })).toEqual([first]);
  });

  it('no wallet, or a share of nothing: one leg of the whole price, and no creator leg to check or skip a credit for', () => {
    const noWallet = primaryTonPayment(
      { ...terms, priceNano: 2_000_000_000n, feeBps: 500, creatorWallet: null },
      target,
    );
    const nothing = primaryTonPayment({ ...terms, priceNano: 0n, feeBps: 500, creatorWallet: creator }, target);
    for (const payment of [noWallet, nothing]) {
      expect(legsOf(payment).creator).toBeNull();
      expect(payment.kind === 'ton' && payment.messages!.length).toBe(1);
      expect(creatorPaidOnChain(payment)).toBe(false);
      expect(expectedOtherLegs({ kind: 'primary', payment })).toEqual([]);
    }
    // An order written before the legs were named: one transfer of the price, as it always was.
    const before: PaymentInstructions = { kind: 'ton', receiver: target.receiver, amountNano: '5', comment: 'x' };
    expect(creatorPaidOnChain(before)).toBe(false);
  });
});
