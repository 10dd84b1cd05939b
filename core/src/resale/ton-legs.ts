import { tonCore } from '../ton-core.js';
import { splitResalePrice, tonCommentPayload, type PaymentInstructions, type TonMessage } from '@stickerdrop/shared';

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
  const messages: TonMessage[] = [{ address: wallet(terms.sellerWallet), amount: split.seller.toString() }];
  if (royaltyToCreator) messages.push({ address: wallet(terms.creatorWallet!), amount: split.royalty.toString() });
  const receiver = tonCore().Address.parse(target.receiver).toString({ bounceable: true, testOnly });
  messages.push({ address: receiver, amount: feeLeg.toString(), payload: tonCommentPayload(terms.orderId) });
  return {
    kind: 'ton',
    receiver,
    amountNano: feeLeg.toString(),
    comment: terms.orderId,
    validUntil: terms.validUntil,
    messages,
  };
}

/** The legs other than the fee leg that a TON resale payment must have sent, from the order's instructions. */
export function expectedOtherLegs(payment: PaymentInstructions): TonMessage[] {
  if (payment.kind !== 'ton' || !payment.messages) return [];
  return payment.messages.slice(0, -1);
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
