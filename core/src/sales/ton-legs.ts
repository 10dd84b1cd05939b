import { tonCore } from '../ton-core.js';
import {
  splitResalePrice,
  tonCommentPayload,
  type PaymentInstructions,
  type PrimaryLegs,
  type ResaleLegs,
  type TonMessage,
} from '@stickerdrop/shared';
import { primarySaleShare } from '../balance/terms.js';

/**
 * The buyer's one TON Connect transaction of a sale, its transfers ("legs") by name. Every sale ends with the
 * fee leg to the marketplace, carrying the order's comment, so that the fee leg arriving proves the wallet
 * sent the others before it (the watcher then reads them from the buyer's transaction). People's wallets get
 * the non-bounceable form (a wallet that is not deployed yet still receives, nothing comes back); the
 * marketplace's deployed wallet the bounceable one.
 */

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

/** A person's wallet: non-bounceable, so an undeployed one keeps what it is sent. */
function personWallet(address: string, target: TonTarget): string {
  return tonCore()
    .Address.parse(address)
    .toString({ bounceable: false, testOnly: target.network === 'testnet' });
}

/** The marketplace's receiver: deployed, so bounceable (a wrong address sends the money back). */
function receiverWallet(target: TonTarget): string {
  return tonCore()
    .Address.parse(target.receiver)
    .toString({ bounceable: true, testOnly: target.network === 'testnet' });
}

/** The request for legs in the wallet's order, the fee leg (the last) naming the receiver, amount and comment. */
function tonRequest(
  orderId: string,
  validUntil: number,
  ordered: TonMessage[],
  legs: ResaleLegs | PrimaryLegs,
): PaymentInstructions {
  const fee = legs.fee;
  return {
    kind: 'ton',
    receiver: fee.address,
    amountNano: fee.amount,
    comment: orderId,
    validUntil,
    messages: ordered,
    legs,
  };
}

/** A resale: the seller's share, then the creator's royalty, then the fee. Zero-value legs are left out. */
export function resaleTonPayment(terms: ResaleTerms, target: TonTarget): PaymentInstructions {
  const split = splitResalePrice(terms.priceNano, terms.royaltyBps, terms.feeBps);
  const royaltyToCreator = terms.creatorWallet !== null && split.royalty > 0n;
  const feeLeg = split.fee + (royaltyToCreator ? 0n : split.royalty);
  const legs: ResaleLegs = {
    seller: { address: personWallet(terms.sellerWallet, target), amount: split.seller.toString() },
    royalty: royaltyToCreator
      ? { address: personWallet(terms.creatorWallet!, target), amount: split.royalty.toString() }
      : null,
    fee: { address: receiverWallet(target), amount: feeLeg.toString(), payload: tonCommentPayload(terms.orderId) },
  };
  const ordered = [legs.seller, ...(legs.royalty ? [legs.royalty] : []), legs.fee];
  return tonRequest(terms.orderId, terms.validUntil, ordered, legs);
}

export interface PrimaryTerms {
  orderId: string;
  priceNano: bigint;
  /** PRIMARY_FEE_BPS: the marketplace's cut; the creator's leg is the rest (the balance's own share). */
  feeBps: number;
  /** The creator's linked wallet as the order is reserved; null: one leg, their share credited instead. */
  creatorWallet: string | null;
  /** Unix seconds, no later than the reservation's end. */
  validUntil: number;
}

/**
 * A new edition: the creator's share (the price less PRIMARY_FEE_BPS, to the nanoton the figure a balance
 * credit would be) to their wallet, then the fee. Without a wallet, or with a share of nothing, the one leg
 * carries the whole price to the marketplace, which credits the share to the creator's balance.
 */
export function primaryTonPayment(terms: PrimaryTerms, target: TonTarget): PaymentInstructions {
  const share = primarySaleShare(terms.priceNano, terms.feeBps);
  const toCreator = terms.creatorWallet !== null && share > 0n;
  const fee = terms.priceNano - (toCreator ? share : 0n);
  const legs: PrimaryLegs = {
    creator: toCreator ? { address: personWallet(terms.creatorWallet!, target), amount: share.toString() } : null,
    fee: { address: receiverWallet(target), amount: fee.toString(), payload: tonCommentPayload(terms.orderId) },
  };
  return tonRequest(terms.orderId, terms.validUntil, [...(legs.creator ? [legs.creator] : []), legs.fee], legs);
}

/**
 * A TON resale order's legs by name; null for any other payment. Orders written before the legs were named
 * carry only `messages`, in the wallet's order: the seller's first, the fee last, the royalty between.
 */
export function resaleLegsOf(payment: PaymentInstructions): ResaleLegs | null {
  if (payment.kind !== 'ton' || !payment.messages) return null;
  if (payment.legs) return 'seller' in payment.legs ? payment.legs : null;
  const [seller, ...rest] = payment.messages;
  const fee = rest.pop();
  return seller && fee ? { seller, royalty: rest[0] ?? null, fee } : null;
}

/** A TON primary order's legs by name; null for any other payment, and for one written before they were named. */
export function primaryLegsOf(payment: PaymentInstructions): PrimaryLegs | null {
  if (payment.kind !== 'ton' || !payment.legs || !('creator' in payment.legs)) return null;
  return payment.legs;
}

/**
 * Whether the order asked the buyer's wallet to pay the creator's share of a primary sale on chain: decided
 * from what the order asked when it was reserved, not from the creator's wallet today. Such a sale settles
 * only with that leg seen in the buyer's transaction, and credits nothing to the creator's balance.
 */
export function creatorPaidOnChain(payment: PaymentInstructions): boolean {
  return primaryLegsOf(payment)?.creator != null;
}

/** The legs other than the fee leg that a TON order's payment must have sent, from the order's instructions. */
export function expectedOtherLegs(order: { kind: string; payment: PaymentInstructions }): TonMessage[] {
  if (order.kind !== 'resale') {
    const creator = primaryLegsOf(order.payment)?.creator;
    return creator ? [creator] : [];
  }
  const legs = resaleLegsOf(order.payment);
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
