import { InlineKeyboard } from 'grammy';
import { editionAppLink, giftClaimLink, orderAppLink, packAppLink } from '@stickerdrop/shared';

/** Telegram opens mini-apps only from https addresses; a local http PUBLIC_URL gets no app button. */
export function isHttps(url: string): boolean {
  return url.startsWith('https://');
}

/** A button that opens the mini-app at PUBLIC_URL, or nothing when Telegram would refuse it. */
export function openAppKeyboard(publicUrl: string, label: string): InlineKeyboard | undefined {
  return isHttps(publicUrl) ? new InlineKeyboard().webApp(label, publicUrl) : undefined;
}

/** Opens the mini-app straight on the pack through the `startapp=pack_<id>` link; the label is in the reader's language. */
export function openPackKeyboard(botUsername: string, packId: number, label: string): InlineKeyboard {
  return new InlineKeyboard().url(label, packAppLink(botUsername, packId));
}

export function openEditionKeyboard(botUsername: string, editionId: number, label: string): InlineKeyboard {
  return new InlineKeyboard().url(label, editionAppLink(botUsername, editionId));
}

/** Opens the mini-app on an order to pay (an accepted offer) through the `startapp=order_<packId>_<uuid>` link. */
export function payOrderKeyboard(botUsername: string, packId: number, orderId: string, label: string): InlineKeyboard {
  return new InlineKeyboard().url(label, orderAppLink(botUsername, packId, orderId));
}

/** Opens the mini-app on a gift's claim screen through its `startapp=gift_<code>` link. */
export function openGiftKeyboard(botUsername: string, code: string, label: string): InlineKeyboard {
  return new InlineKeyboard().url(label, giftClaimLink(botUsername, code));
}

/** `/files/…` → `https://host/files/…`, for thumbnails Telegram fetches itself. */
export function absoluteUrl(publicUrl: string, path: string | null): string | undefined {
  if (!path) return undefined;
  return new URL(path, `${publicUrl}/`).toString();
}
