import { z } from 'zod';
import {
  AuthResponse,
  BecomeCreatorRequest,
  BuyListingRequest,
  BuyRequest,
  ClientConfig,
  CollectionResponse,
  CollectionWorth,
  CreatePackResponse,
  DemoAuthRequest,
  DropNotifyResponse,
  LikeResponse,
  LinkWalletRequest,
  LoginCodePending,
  LoginCodeResponse,
  LogoutRequest,
  MarketplaceStats,
  OrderIdParams,
  OrderResponse,
  PackDetail,
  PackIdParams,
  PackListQuery,
  PackListResponse,
  Profile,
  ProfileUpdateResponse,
  RefreshRequest,
  SessionIdParams,
  SessionsResponse,
  ShareMessageResponse,
  TelegramAuthRequest,
  TelegramSetResponse,
  CustomEmojiResponse,
  Tokens,
  TonProofPayloadResponse,
  TrendingQuery,
  TrendingResponse,
  UpdateProfileRequest,
  UserResponse,
} from '@stickerdrop/shared';
import { NO_CONTENT, doc, signedIn, section, type RouteDoc } from './route-doc-kit.js';
import { TRADE_ROUTE_DOCS } from './route-docs-trade.js';
import { OPS_ROUTE_DOCS } from './route-docs-ops.js';

export { NO_CONTENT, type RouteDoc } from './route-doc-kit.js';

const Empty = NO_CONTENT;
const PackParams = PackIdParams;

/** Every route of the API by `METHOD url`; a test fails for a route missing here. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  ...section('meta', {
    'GET /api/health': doc('Liveness', { responses: { 200: z.object({ ok: z.literal(true) }) } }),
    'GET /api/config': doc('What the client may offer', { responses: { 200: ClientConfig } }),
  }),
  ...section('auth', {
    'POST /api/auth/telegram': doc('Sign in with Telegram Mini App init data', {
      body: TelegramAuthRequest,
      responses: { 200: AuthResponse },
    }),
    'POST /api/auth/demo': doc('Sign in as a demo user (demo mode only)', {
      body: DemoAuthRequest,
      responses: { 200: AuthResponse },
    }),
    'POST /api/auth/refresh': doc('Rotate a refresh token', { body: RefreshRequest, responses: { 200: Tokens } }),
    'POST /api/auth/logout': doc("Sign out: revoke the refresh token's session (204, no body)", {
      body: LogoutRequest,
      responses: { 204: Empty },
    }),
    'GET /api/auth/sessions': signedIn('Your signed-in sessions (one per sign-in), the most recently used first', {
      responses: { 200: SessionsResponse },
    }),
    'DELETE /api/auth/sessions/:id': signedIn('Sign a session out: its refresh fails from now on', {
      params: SessionIdParams,
      responses: { 204: Empty },
    }),
    'GET /api/auth/me': signedIn('The signed-in user', { responses: { 200: UserResponse } }),
    'POST /api/auth/login-code': doc('Start a sign-in through the bot (plain web): show `match`, open `url`', {
      responses: { 200: LoginCodeResponse, 503: 'Sign-in through the bot is not configured' },
    }),
    'GET /api/auth/login-code/:code': doc('Poll a bot sign-in; tokens once confirmed; 410 expired or cancelled', {
      params: z.object({ code: z.string() }),
      responses: { 200: AuthResponse, 202: LoginCodePending },
    }),
  }),
  ...section('wallet', {
    'GET /api/auth/ton-proof/payload': signedIn('A single-use payload for TON Connect ton_proof', {
      responses: { 200: TonProofPayloadResponse },
    }),
    'POST /api/auth/link-wallet': signedIn('Link a TON wallet by its ton_proof', {
      body: LinkWalletRequest,
      responses: { 200: UserResponse },
    }),
    'GET /tonconnect-manifest.json': doc('TON Connect app manifest', { responses: { 200: 'JSON' } }),
    'GET /tonconnect-icon.png': doc('TON Connect app icon', { responses: { 200: 'PNG image' } }),
  }),
  ...section('users', {
    'GET /api/users/profile': signedIn('Own profile', { responses: { 200: Profile } }),
    'PUT /api/users/profile': signedIn('Edit own profile', {
      body: UpdateProfileRequest,
      responses: { 200: ProfileUpdateResponse },
    }),
    'POST /api/users/become-creator': signedIn('Become a creator', {
      body: BecomeCreatorRequest,
      responses: { 200: UserResponse },
    }),
  }),
  ...section('packs', {
    'GET /api/stickers': doc('The catalogue: search, sort, cursor pages', {
      auth: 'optional',
      query: PackListQuery,
      responses: { 200: PackListResponse },
    }),
    'GET /api/stickers/trending/list': doc('Trending packs', {
      auth: 'optional',
      query: TrendingQuery,
      responses: { 200: TrendingResponse },
    }),
    'GET /api/stickers/:id': doc(
      "One pack (counts a view). Its stickers are reduced public previews; a signed-in owner of an edition and the pack's creator also get each full file as a link signed for FILE_URL_TTL_SECONDS",
      {
        auth: 'optional',
        params: PackParams,
        responses: { 200: PackDetail },
      },
    ),
    'POST /api/stickers/:id/like': signedIn('Toggle a like', {
      params: PackParams,
      responses: { 200: LikeResponse },
    }),
    'POST /api/stickers/:id/notify': signedIn(
      'Notify me: the bot tells the caller once when the drop opens (409 once it is open; 404 for a pack the marketplace removed, whose drop is not announced)',
      { params: PackParams, responses: { 200: DropNotifyResponse } },
    ),
    'DELETE /api/stickers/:id/notify': signedIn('Stop the drop notification', {
      params: PackParams,
      responses: { 200: DropNotifyResponse },
    }),
    'POST /api/stickers': signedIn('Upload a new pack (creators)', {
      consumes:
        'multipart/form-data: title, description, price, maxSupply, royaltyBps, maxPerUser (empty: no limit), dropsAt (ISO time with zone; empty: on sale at once), category, tags; ' +
        'kind (`stickers`, the default, or `emoji`: a custom emoji pack, every sticker 100×100); ' +
        '`image` parts in pack order, the first the cover: PNG, JPEG, WEBP or a one-frame GIF (a static WEBP sticker, longer side 512), ' +
        'an animated GIF, MP4 or WEBM of at most 3 s (a video sticker: VP9 WEBM, no audio, ≤ 30 fps, ≤ 256 KB), or a TGS (an animated sticker, kept as uploaded: 512×512 canvas, ≤ 64 KB, ≤ 3 s, ≤ 60 fps); ' +
        'emoji: JSON, one list of 1–20 emoji per file in file order (absent: every sticker gets 🎨); keywords: JSON in the same shape, at most 20 per sticker, 64 characters together (optional)',
      responses: {
        201: CreatePackResponse,
        400: 'A field or file is refused (each Telegram rule has its own message: length, canvas, size, frame rate), the emoji or keywords are malformed, or the images have more pixels together than UPLOAD_MAX_PIXELS',
        413: 'One file over 5 MB, or the files together over UPLOAD_MAX_BYTES_PER_REQUEST',
        503: 'Too many uploads are being processed (UPLOAD_CONCURRENCY + UPLOAD_QUEUE); try again after Retry-After',
      },
    }),
    'GET /api/stickers/:id/download': signedIn('The pack as a zip (owners)', {
      params: PackParams,
      responses: { 200: 'application/zip' },
    }),
    'POST /api/stickers/:id/telegram-set': signedIn('Add to Telegram: the bot sends the sticker set (owners)', {
      params: PackParams,
      responses: { 202: TelegramSetResponse },
    }),
    'GET /api/stickers/:id/custom-emoji': signedIn(
      "The custom emoji ids of the owner's own Telegram set of an emoji pack, for an emoji status (owners)",
      {
        params: PackParams,
        responses: { 200: CustomEmojiResponse, 404: 'No such pack, or a pack of stickers, not of custom emoji' },
      },
    ),
    'POST /api/stickers/:id/share-message': signedIn(
      "Share inside Telegram: the bot prepares a message presenting the pack for the mini-app's shareMessage",
      {
        params: PackParams,
        responses: { 200: ShareMessageResponse, 503: 'No bot configured, or the Bot API did not answer' },
      },
    ),
    'GET /files/*': doc(
      "A stored pack image. Card images and sticker previews (previews/…) are public; a full sticker file needs the signed link of the pack's detail",
      {
        query: z.object({ expires: z.string(), signature: z.string() }).partial(),
        responses: {
          200: 'The image',
          403: 'A full sticker file without a valid, unexpired signature',
          404: 'No such file',
        },
      },
    ),
    'GET /api/marketplace/stats': doc('Marketplace totals', { responses: { 200: MarketplaceStats } }),
  }),
  ...section('orders', {
    'POST /api/marketplace/buy': signedIn(
      'Reserve a new edition, or buy a listed one ({ listingId }): 201 a new order, 200 the open one',
      {
        body: z.union([BuyRequest, BuyListingRequest]),
        responses: {
          200: OrderResponse,
          201: OrderResponse,
          503: 'The payment provider (Bot API for Stars, Stripe) did not answer; the edition is released',
        },
      },
    ),
    'GET /api/orders/:id': signedIn('One of own orders', {
      params: OrderIdParams,
      responses: { 200: OrderResponse },
    }),
    'POST /api/orders/:id/demo-pay': signedIn('Pay an order on the demo rail (demo mode only)', {
      params: OrderIdParams,
      responses: { 200: OrderResponse },
    }),
    'GET /api/collection': signedIn('Own purchased packs', { responses: { 200: CollectionResponse } }),
    'GET /api/collection/worth': signedIn(
      "The collection's value at today's prices, what was paid and the difference",
      {
        responses: { 200: CollectionWorth },
      },
    ),
  }),
  ...TRADE_ROUTE_DOCS,
  ...OPS_ROUTE_DOCS,
  ...section('payments', {
    'POST /api/payments/stripe/webhook': doc('Stripe events (signed with the webhook secret)', {
      consumes: 'application/json, verified as raw bytes against Stripe-Signature',
      responses: { 200: z.object({ received: z.literal(true) }) },
    }),
  }),
};
