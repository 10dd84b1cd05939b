import { parsePackId } from './pack-id.js';

/**
 * Start parameters the bot and the mini-app exchange: `pack_<id>`, `edition_<id>`, `order_<packId>_<uuid>`
 * (an order to pay on its pack's page, e.g. an accepted offer), `login_<code>`, `gift_<code>` (a gift to claim)
 * and `market` (the marketplace).
 */
export type StartParam =
  | { kind: 'pack'; packId: number }
  | { kind: 'edition'; editionId: number }
  | { kind: 'order'; packId: number; orderId: string }
  | { kind: 'login'; code: string }
  | { kind: 'gift'; code: string }
  | { kind: 'market' };

const MARKET = 'market';

const PACK = /^pack_(\w+)$/;
const EDITION = /^edition_(\w+)$/;
const ORDER = /^order_(\w+?)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const LOGIN = /^login_([A-Za-z0-9_-]{16,58})$/;
const GIFT = /^gift_([A-Za-z0-9_-]{22})$/;

export function encodeStartParam(param: StartParam): string {
  if (param.kind === 'market') return MARKET;
  if (param.kind === 'edition') return `edition_${param.editionId}`;
  if (param.kind === 'order') return `order_${param.packId}_${param.orderId}`;
  if (param.kind === 'gift') return `gift_${param.code}`;
  return param.kind === 'pack' ? `pack_${param.packId}` : `login_${param.code}`;
}

/** Parses a start parameter; null for anything malformed (Telegram allows only [A-Za-z0-9_-], ≤ 64). */
export function decodeStartParam(raw: string | undefined | null): StartParam | null {
  if (!raw) return null;
  if (raw === MARKET) return { kind: 'market' };
  const pack = PACK.exec(raw);
  if (pack) {
    const packId = parsePackId(pack[1]);
    return packId === null ? null : { kind: 'pack', packId };
  }
  const edition = EDITION.exec(raw);
  if (edition) {
    // Edition ids are Postgres integers, like pack ids.
    const editionId = parsePackId(edition[1]);
    return editionId === null ? null : { kind: 'edition', editionId };
  }
  const order = ORDER.exec(raw);
  if (order) {
    const packId = parsePackId(order[1]);
    return packId === null ? null : { kind: 'order', packId, orderId: order[2]! };
  }
  const gift = GIFT.exec(raw);
  if (gift) return { kind: 'gift', code: gift[1]! };
  const login = LOGIN.exec(raw);
  return login ? { kind: 'login', code: login[1]! } : null;
}

/** `https://t.me/<bot>?startapp=pack_<id>`: opens the mini-app straight on the pack. */
export function packAppLink(botUsername: string, packId: number): string {
  return `https://t.me/${botUsername}?startapp=${encodeStartParam({ kind: 'pack', packId })}`;
}

/** `https://t.me/<bot>?startapp=edition_<id>`: opens the mini-app on an edition's page. */
export function editionAppLink(botUsername: string, editionId: number): string {
  return `https://t.me/${botUsername}?startapp=${encodeStartParam({ kind: 'edition', editionId })}`;
}

/** `https://t.me/<bot>?startapp=order_<packId>_<uuid>`: opens the mini-app on the pack, paying that order. */
export function orderAppLink(botUsername: string, packId: number, orderId: string): string {
  return `https://t.me/${botUsername}?startapp=${encodeStartParam({ kind: 'order', packId, orderId })}`;
}

/** `https://t.me/<bot>?startapp=market`: opens the mini-app on the marketplace. */
export function marketAppLink(botUsername: string): string {
  return `https://t.me/${botUsername}?startapp=${encodeStartParam({ kind: 'market' })}`;
}

export function loginBotLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?start=${encodeStartParam({ kind: 'login', code })}`;
}

/** `https://t.me/<bot>?startapp=gift_<code>`: opens the mini-app on the gift's claim screen. */
export function giftClaimLink(botUsername: string, code: string): string {
  return `https://t.me/${botUsername}?startapp=${encodeStartParam({ kind: 'gift', code })}`;
}
