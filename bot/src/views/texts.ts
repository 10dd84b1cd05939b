import type { CATEGORIES } from '@stickerdrop/shared';
import type { ResalePayload, SignInVia } from '@stickerdrop/core';
import {
  ACCESS_TOKEN_TTL_S,
  API_ERRORS,
  CURRENCY,
  DEFAULT_STICKER_EMOJI,
  DROP_TEXTS,
  formatDropTime,
  MAX_EDITION_SIZE,
  MAX_EMOJI_PER_STICKER,
  MAX_STICKERS_PER_PACK,
  MESSAGES,
  MIN_EDITION_SIZE,
  MIN_PRICE,
  SIGN_IN_VIA_LABELS,
} from '@stickerdrop/shared';

/**
 * The bot's texts not yet in its Fluent catalogues (bot/locales/*.ftl, read through i18n.ts), which hold
 * /start's, the receipts', sale notices' and drops' texts and the command list in every language. SPEC §8's
 * messages come from shared MESSAGES; these are the bot's own.
 * Texts are HTML (parse_mode HTML): anything user-made goes through `escapeHtml`.
 */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** "just now", "1 minute ago", "4 minutes ago". */
function ago(then: Date, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - then.getTime()) / 60_000));
  if (minutes === 0) return 'just now';
  return minutes === 1 ? '1 minute ago' : `${minutes} minutes ago`;
}

export const TEXTS = {
  open: 'Open',
  packNotFound: `<b>${MESSAGES.packNotFound}</b>\n${escapeHtml(MESSAGES.packNotFoundDetail)}`,
  soldOut: 'Sold out',
  /** `/start login_<code>`: what is about to happen, when the code was made, and the number to tap. */
  loginAsk: (madeAt: Date, now: Date) =>
    [
      '<b>A browser is asking to sign in to Stickerdrop as you.</b>',
      '',
      'Only continue if you opened the sign-in page yourself, just now. If someone sent you this link, tap nothing: whoever has that page open would get your account.',
      '',
      `Sign-in started: ${formatDropTime(madeAt)} (${ago(madeAt, now)}).`,
      '',
      'Tap the number the sign-in page shows. Any other number cancels the sign-in.',
    ].join('\n'),
  loginConfirmed: '<b>Your browser is now signed in.</b>\nGo back to it: Stickerdrop is ready there.',
  loginCancelled:
    '<b>Sign-in cancelled.</b>\nThat was not the number the page showed, so no browser was signed in. To sign in, start again on the sign-in page.',
  loginExpired: `${API_ERRORS.loginCodeExpired}.\nGo back to the browser and choose Continue with Telegram again for a new link.`,
  loginSignedIn: 'Signed in',
  loginCancelledShort: 'Sign-in cancelled',

  // /sessions
  sessionsNone: 'No browser or app is signed in to Stickerdrop as you.',
  sessionsList: (
    sessions: ReadonlyArray<{ via: SignInVia | null; signedInAt: Date; lastUsedAt: Date }>,
    total: number,
  ) =>
    [
      `<b>Where you are signed in (${total})</b>`,
      '',
      ...sessions.map(
        (session, index) =>
          `${index + 1}. ${SIGN_IN_VIA_LABELS[session.via ?? 'unknown']}\n    signed in ${formatDropTime(session.signedInAt)}, last used ${formatDropTime(session.lastUsedAt)}`,
      ),
      ...(total > sessions.length
        ? [`…and ${total - sessions.length} more: the profile in the app lists them all.`]
        : []),
      '',
      `Sign out any you do not recognise: it can no longer refresh, and ends within ${ACCESS_TOKEN_TTL_S / 60} minutes.`,
    ].join('\n'),
  signOutButton: (index: number) => `Sign out ${index}`,
  sessionSignedOut: 'Signed out',
  sessionGone: 'That session has already ended',
  help: [
    '<b>Stickerdrop</b> — limited-edition sticker packs, priced in TON.',
    '',
    '/start — open the marketplace',
    '/becomecreator — become a creator and sell your own packs',
    '/sessions — where you are signed in, and signing out',
    '/newpack — upload a new pack (creators)',
    '/cancel — stop what you are doing',
    '/paysupport — help with a payment',
    '',
    'Share a pack in any chat: type @{bot} and a few words of its title.',
  ].join('\n'),
  paySupport: [
    '<b>Payment support</b>',
    '',
    'Every purchase gets a receipt in this chat with its order number and edition.',
    'A payment that arrives after a pack sold out, or a second payment for an order that was already paid, is refunded automatically to where it came from.',
    'For any other problem with a payment, contact Stickerdrop support and include the order number from your receipt.',
  ].join('\n'),
  cancelled: 'Cancelled.',
  nothingToCancel: 'There is nothing to cancel.',
  staleButton: 'This button has expired.',
  somethingWentWrong: `${MESSAGES.somethingWentWrong}. Please try again.`,

  // /becomecreator
  alreadyCreator: 'You are already a creator. Send /newpack to upload a pack.',
  askDisplayName: 'What name should collectors see on your packs? Send your display name.',
  displayNameRequired: 'Please enter a display name.',
  askBio: 'Now a short bio (a sentence or two), or /skip.',
  confirmCreator: (name: string, bio: string) =>
    `<b>Become a creator?</b>\n\nName: ${escapeHtml(name)}\nBio: ${bio ? escapeHtml(bio) : '—'}`,
  confirm: 'Confirm',
  cancel: 'Cancel',
  pressAButton: 'Please use the buttons above, or /cancel.',
  textExpected: 'Please send text.',

  // /newpack
  askImages: `Send the stickers of your pack, one message each: PNG, JPEG, WEBP, GIF or MP4 as photos, animations or files, .tgs and .webm files, or stickers forwarded from any set, up to 5 MB each (at most ${MAX_STICKERS_PER_PACK}). Send /done when you have sent them all.`,
  imageAccepted: (count: number) => `Got it: ${count} sticker${count === 1 ? '' : 's'}. Send more, or /done.`,
  askStickerEmoji: `Which emoji does this sticker stand for? Send 1 to ${MAX_EMOJI_PER_STICKER} emoji, or /skip for ${DEFAULT_STICKER_EMOJI}.`,
  emojiPack: 'Custom emoji pack',
  stickerPack: 'Sticker pack',
  animated: 'animated',
  stickerEmojiInvalid: `Please send only emoji, 1 to ${MAX_EMOJI_PER_STICKER} of them.`,
  imagesFull: `That is the most one pack can hold (${MAX_STICKERS_PER_PACK}).`,
  askTitle: 'What is the title of the pack?',
  askDescription: 'A description of the pack, or /skip.',
  askPrice: `The price in ${CURRENCY} (at least ${MIN_PRICE}, in steps of 0.01)?`,
  askCategory: 'Choose a category:',
  chooseCategory: 'Please choose a category with the buttons.',
  askEditionSize: `How many editions (${MIN_EDITION_SIZE}–${MAX_EDITION_SIZE})?`,
  editionSizeInvalid: `Please send a whole number from ${MIN_EDITION_SIZE} to ${MAX_EDITION_SIZE}.`,
  askRoyalty: 'Your royalty on every resale, in % (0–10), or /skip for 5 %.',
  askMaxPerUser: 'The most editions one collector may hold (a whole number), or /skip for no limit.',
  askDropsAt:
    'When does the drop open? Send a UTC date and time like <code>2026-12-01 18:00</code>, or /skip to sell at once.',
  packSummary: (pack: {
    images: number;
    title: string;
    description: string;
    price: string;
    category: string;
    maxSupply: number;
    royaltyBps: number;
    maxPerUser: number | null;
    dropsAt: string | null;
  }) =>
    [
      '<b>New pack</b>',
      '',
      `Title: ${escapeHtml(pack.title)}`,
      `Description: ${pack.description ? escapeHtml(pack.description) : '—'}`,
      `Stickers: ${pack.images}`,
      `Price: ${pack.price} ${CURRENCY}`,
      `Category: ${pack.category}`,
      `Editions: ${pack.maxSupply}`,
      `Resale royalty: ${pack.royaltyBps / 100} %`,
      `Per collector: ${pack.maxPerUser ?? 'no limit'}`,
      `Drop: ${pack.dropsAt ? formatDropTime(pack.dropsAt) : 'on sale at once'}`,
    ].join('\n'),
  creating: MESSAGES.creating,

  // Notifications
  openEdition: 'Open edition',
  payOrder: 'Pay',
  orderLink: 'Open the order in the app to pay for it.',
  editionNotFound: 'That edition does not exist.',
  edition: (e: { title: string; serial: number; maxSupply: number; owner: string; price: string | null }) =>
    [
      `<b>${escapeHtml(e.title)}</b> — edition #${e.serial} of ${e.maxSupply}`,
      `Owned by ${escapeHtml(e.owner)}`,
      e.price ? `For sale: ${e.price} ${CURRENCY}` : 'Not for sale',
    ].join('\n'),
  resaleReceipt: (sale: ResaleText) =>
    [
      `<b>${MESSAGES.purchaseSuccess}</b>`,
      '',
      `${escapeHtml(sale.title)} — edition #${sale.serial} of ${sale.maxSupply}, from a collector`,
      `Paid: ${sale.price} ${CURRENCY}`,
      `Order: <code>${escapeHtml(sale.orderId)}</code>`,
    ].join('\n'),
  resaleSold: (sale: ResaleText) =>
    `<b>Sold!</b> ${escapeHtml(sale.title)} — edition #${sale.serial} for ${sale.price} ${CURRENCY}. ` +
    `You received ${sale.sellerShare} ${CURRENCY} in your wallet (creator royalty ${sale.royalty}, fee ${sale.fee}).`,
  resaleRoyalty: (sale: ResaleText & { royaltyOwed: boolean }) =>
    `<b>Royalty:</b> edition #${sale.serial} of ${escapeHtml(sale.title)} was resold for ${sale.price} ${CURRENCY}; ` +
    (sale.royaltyOwed
      ? `your royalty of ${sale.royalty} ${CURRENCY} is held for you. Link a TON wallet in your profile to receive royalties directly.`
      : `your royalty of ${sale.royalty} ${CURRENCY} was paid to your wallet.`),
  resaleFailed: (f: { title: string; serial: number; orderId: string }) =>
    `Your payment for ${escapeHtml(f.title)} #${f.serial} did not carry every part of the price, so the edition did not change hands. ` +
    `Stickerdrop support will look into it; send /paysupport with order <code>${escapeHtml(f.orderId)}</code>.`,
  reservationReleased: (r: { title: string; serial: number }) =>
    `The seller took ${escapeHtml(r.title)} #${r.serial} off sale, so your reservation was released. ` +
    'Nothing was charged. If you had already sent a payment, send /paysupport and it will be returned.',
  editionRevoked: (e: { title: string; serial: number; maxSupply: number; stars: number }) =>
    `Telegram refunded the ${e.stars} Stars you paid for ${escapeHtml(e.title)}, so edition #${e.serial} of ${e.maxSupply} ` +
    'is no longer yours and has gone back on sale.',
  // Fair drops
  dropOpensAt: (at: string) => `Drop opens at ${formatDropTime(at)}`,
  notifyMe: `🔔 ${DROP_TEXTS.notifyMe}`,
  stopNotifying: '🔕 Stop notifying me',
  notifyOn: DROP_TEXTS.subscribed,
  notifyOff: DROP_TEXTS.unsubscribed,
  stickerSetReady: (title: string) => `Your sticker set <b>${escapeHtml(title)}</b> is ready in Telegram.`,
  addStickers: 'Add to Telegram',
} as const;

/** What the resale messages read of the outbox's payload. */
type ResaleText = Pick<
  ResalePayload,
  'title' | 'serial' | 'maxSupply' | 'price' | 'sellerShare' | 'royalty' | 'fee' | 'orderId'
>;

export const CATEGORY_LABELS: Record<(typeof CATEGORIES)[number], string> = {
  general: 'General',
  animals: 'Animals',
  emotions: 'Emotions',
  food: 'Food',
  nature: 'Nature',
  objects: 'Objects',
  people: 'People',
  symbols: 'Symbols',
};
