import {
  DESCRIPTION_MAX_LENGTH,
  EMOJI_SIZE_PX,
  MAX_ANIMATION_SECONDS,
  MAX_EMOJI_PER_STICKER,
  MAX_KEYWORDS_LENGTH,
  MAX_KEYWORDS_PER_STICKER,
  MAX_TGS_BYTES,
  MAX_TGS_FPS,
  MAX_VIDEO_STICKER_BYTES,
  STICKER_SIZE_PX,
  MAX_EDITION_SIZE,
  MIN_EDITION_SIZE,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TITLE_MAX_LENGTH,
} from './constants.js';
import { groupThousands } from './money.js';

/**
 * SPEC's refusals (§5 and §8) that the API answers with, exactly as written; their Russian is in
 * `i18n/errors.ru.ts`. The texts the app and the bot show live in their catalogues.
 */
export const MESSAGES = {
  // Failures (SPEC §8)
  packNotFound: 'Sticker pack not found',
  likeRequiresLogin: 'Please log in to like sticker packs',
  downloadRequiresPurchase: 'You need to purchase this sticker pack first',
  downloadRequiresLogin: 'Please log in to download sticker packs',

  // Validation (SPEC §5)
  imageRequired: 'Please select an image file',
  titleRequired: 'Please enter a title',
  priceInvalid: 'Please enter a valid price',
  fileTooLarge: 'File size must be less than 5MB',
  buyRequiresLogin: 'Please log in to purchase stickers',
} as const;

/** Our own texts, for cases SPEC does not name. */
/** Written by a call marked pure, so a bundle that uses none of these texts drops it (first-screen/). */
function invalidMaxSupplyText(): string {
  return `Edition size must be a whole number from ${MIN_EDITION_SIZE} to ${groupThousands(MAX_EDITION_SIZE)}`;
}

export const API_ERRORS = {
  unauthorized: 'Authentication required',
  invalidToken: 'Invalid or expired token',
  invalidInitData: 'Invalid Telegram init data',
  staleInitData: 'Telegram init data has expired',
  invalidRefreshToken: 'Invalid refresh token',
  refreshTokenReused: 'Refresh token was already used; please sign in again',
  creatorsOnly: 'Only creators can upload sticker packs',
  soldOut: 'This sticker pack is sold out',
  alreadyOwned: 'You already own this sticker pack',
  noCustomEmoji: 'This pack has no custom emoji',
  orderNotFound: 'Order not found',
  orderNotPayable: 'This order can no longer be paid',
  loginCodeExpired: 'This sign-in code has expired or was already used',
  loginCancelled:
    'Sign-in was cancelled in Telegram: the number tapped there was not the one this page showed. Start again to sign in.',
  demoSignInsEnded: 'Demo mode is off: demo sign-ins have ended',
  sessionNotFound: 'No such session: it has already signed out or expired',
  loginNotConfigured: 'Sign-in through the bot is not configured',
  demoOff: 'Not found',
  unsupportedImage: 'Only PNG, JPEG and GIF images are accepted',
  imageTooManyPixels: 'Image dimensions are too large',
  imageUnreadable: 'The image could not be read',
  tooManyFiles: 'Too many images for one pack',
  uploadTooLarge: 'These images are too large together for one pack',
  uploadTooManyPixels: 'These images have too many pixels together for one pack; use smaller images',
  uploadsBusy: 'Too many uploads are being processed right now; please try again in a minute',
  fileLinkInvalid: 'This file link is not valid or has expired',
  invalidCategory: 'Unknown category',
  titleTooLong: `Title must be at most ${TITLE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${DESCRIPTION_MAX_LENGTH} characters`,
  tooManyTags: `A pack may have at most ${TAGS_MAX} tags`,
  tagTooLong: `Each tag must be at most ${TAG_MAX_LENGTH} characters`,
  invalidMaxSupply: /* @__PURE__ */ invalidMaxSupplyText(),
  invalidSort: 'Unknown sort',
  invalidFormatFilter: 'Unknown format',
  invalidAvailability: 'Unknown availability',
  invalidPriceFilter: 'Price filters are TON amounts, such as 1.5',
  invalidPriceRange: 'The lowest price must not be above the highest',
  invalidCursor: 'Invalid cursor',
  invalidRequest: 'Invalid request',
  invalidWebsite: 'Website must be an http(s) URL',
  paymentMethodUnavailable: 'This payment method is not available',
  internal: 'Internal server error',
  temporarilyUnavailable: 'The service is briefly unavailable; please try again in a few seconds',
  notFound: 'Not found',
  tooManyRequests: 'Too many requests',
  telegramAccountRequired: 'Sign in with Telegram to add stickers to Telegram',
  telegramSetUnavailable: 'Adding stickers to Telegram is not available right now',
  shareMessageUnavailable: 'Sharing to a Telegram chat is not available right now',
  cardAmountTooSmall: 'This price is below the smallest card payment; please pay with TON',
  orderExpired: 'This order has expired; please buy again',
  paymentAmountMismatch: 'The amount does not match this order; please buy again',
  paymentRefundRequired:
    'Your payment could not buy an edition (the pack sold out or was already yours); it is being refunded',
  invalidTonProof: 'The wallet could not prove it belongs to you',
  invalidStripeSignature: 'Invalid Stripe signature',
  paymentProviderUnavailable: 'The payment provider could not be reached; please try again in a moment',
  starsUnavailable: 'Telegram Stars is unavailable right now; please pay with TON instead',
  animationTooLong: `Animations must be ${MAX_ANIMATION_SECONDS} seconds or shorter`,
  videoTooLarge: `This animation does not fit in ${MAX_VIDEO_STICKER_BYTES / 1024} KB even at the lowest quality; make it shorter or simpler`,
  tgsTooLarge: `TGS stickers must be ${MAX_TGS_BYTES / 1024} KB or smaller`,
  tgsCanvas: `TGS stickers must have a ${STICKER_SIZE_PX}×${STICKER_SIZE_PX} canvas`,
  tgsEmojiCanvas: `TGS emoji must have a ${EMOJI_SIZE_PX}×${EMOJI_SIZE_PX} canvas`,
  tgsFrameRate: `TGS stickers must run at ${MAX_TGS_FPS} frames per second or fewer`,
  tgsInvalid: 'This TGS file is not a valid Lottie animation',
  tgsTooDeep: 'This TGS file is nested too deeply to be a sticker',
  conversionTooSlow: 'This animation takes too long to convert; make it shorter, smaller or simpler',
  animationTooManyPixels: 'This animation has too many pixels over its frames; make it smaller or shorter',
  invalidKind: 'kind must be "stickers" or "emoji"',
  stickerEmojiInvalid: `Give each sticker 1 to ${MAX_EMOJI_PER_STICKER} emoji, and nothing else`,
  invalidEmoji: `emoji must be a JSON array holding, for each file in order, a list of 1 to ${MAX_EMOJI_PER_STICKER} emoji`,
  invalidKeywords: `keywords must be a JSON array holding, for each file in order, a list of at most ${MAX_KEYWORDS_PER_STICKER} keywords of ${MAX_KEYWORDS_LENGTH} characters in all`,
} as const;

/** A free-text field holding a control character (NUL, escape, …), which no person types. */
export const controlCharactersIn = (field: string) => `${field} must not contain control characters`;
