import { tonCore } from '../ton-core.js';
import {
  splitResalePrice,
  tonCommentPayload,
  type PaymentInstructions,
  type ResaleLegs,
  type TonMessage,
} from '@stickerdrop/shared';

export interface TonTarget {
  /** TON_RECEIVER_ADDRESS. */
  receiver: string;
  network: 'mainnet' | 'testnet';
}

export interface ResaleTerms {
  orderId: string;
  priceNano: bigint;
  royaltyBps: number;
  feeBps: number;
  sellerWallet: string;
  /** Null: the royalty rides in the fee leg and is owed to the creator. */
  creatorWallet: string | null;
  /** Unix seconds, no later than the reservation's end. */
  validUntil: number;
}

/**
 * The buyer's one TON Connect transaction: the seller's share, then the creator's royalty, then the fee
 * with the order's comment, last, so that the fee leg arriving proves the wallet sent the others before it.
 * People's wallets get the non-bounceable form (a wallet that is not deployed yet still receives); the
 * marketplace's deployed wallet the bounceable one. Zero-value legs are left out.
 */
export function resaleTonPayment(terms: ResaleTerms, target: TonTarget): PaymentInstructions {
  const testOnly = target.network === 'testnet';
  const wallet = (address: string) => tonCore().Address.parse(address).toString({ bounceable: false, testOnly });
  const split = splitResalePrice(terms.priceNano, terms.royaltyBps, terms.feeBps);
  const royaltyToCreator = terms.creatorWallet !== null && split.royalty > 0n;
  const feeLeg = split.fee + (royaltyToCreator ? 0n : split.royalty);
  const receiver = tonCore().Address.parse(target.receiver).toString({ bounceable: true, testOnly });
  const legs: ResaleLegs = {
    seller: { address: wallet(terms.sellerWallet), amount: split.seller.toString() },
    royalty: royaltyToCreator ? { address: wallet(terms.creatorWallet!), amount: split.royalty.toString() } : null,
    fee: { address: receiver, amount: feeLeg.toString(), payload: tonCommentPayload(terms.orderId) },
  };
  return {
    kind: 'ton',
    receiver,
    amountNano: feeLeg.toString(),
    comment: terms.orderId,
    validUntil: terms.validUntil,
    messages: [legs.seller, ...(legs.royalty ? [legs.royalty] : []), legs.fee],
    legs,
  };
}

/**
 * A TON resale order's legs by name; null for any other payment. Orders written before the legs were named
 * carry only `messages`, in the wallet's order: the seller's first, the fee last, the royalty between.
 */
export function resaleLegsOf(payment: PaymentInstructions): ResaleLegs | null {
  if (payment.kind !== 'ton' || !payment.messages) return null;
  if (payment.legs) return payment.legs;
  const [seller, ...rest] = payment.messages;
  const fee = rest.pop();
  return seller && fee ? { seller, royalty: rest[0] ?? null, fee } : null;
}

/** The legs other than the fee leg that a TON resale payment must have sent, from the order's instructions. */
export function expectedOtherLegs(payment: PaymentInstructions): TonMessage[] {
  const legs = resaleLegsOf(payment);
  return legs ? [legs.seller, ...(legs.royalty ? [legs.royalty] : [])] : [];
}

interface SentMessage {
  destination?: string | null;
  value?: string | null;
  bounced?: boolean | null;
}

/**
 * Whether the sending transaction's out_msgs carry every expected leg: to that address, at least that
 * amount, each sent message counted once (two legs to one address need two messages).
 */
export function legsPresent(expected: readonly TonMessage[], sent: readonly SentMessage[]): boolean {
  const unused = [...sent];
  return expected.every((leg) => {
    const want = tonCore().Address.parse(leg.address);
    const index = unused.findIndex((out) => {
      if (!out.destination || !out.value || !/^\d+$/.test(out.value)) return false;
      try {
        return tonCore().Address.parse(out.destination).equals(want) && BigInt(out.value) >= BigInt(leg.amount);
      } catch {
        return false;
      }
    });
    if (index === -1) return false;
    unused.splice(index, 1);
    return true;
  });
}
