import { z } from 'zod';
import {
  AcceptOfferRequest,
  AcceptOfferResponse,
  MyOffers,
  OfferIdParams,
  OfferRequest,
  OfferResponse,
  PackOffers,
  ActivityPage,
  ActivityQuery,
  EditionDetail,
  Listing,
  ListingRequest,
  PackIdParams,
  PackListings,
  PriceHistory,
  PriceHistoryQuery,
  RowId,
  StudioPackResponse,
  StudioPackUpdate,
  StudioResponse,
  StudioWithdrawal,
  GiftCodeParams,
  GiftDetailResponse,
  GiftRequest,
  GiftResponse,
  ShareMessageResponse,
  MyGifts,
} from '@stickerdrop/shared';
import { NO_CONTENT, doc, signedIn, section, type RouteDoc } from './route-doc-kit.js';

const Empty = NO_CONTENT;
const PackParams = PackIdParams;
const EditionParams = z.object({ editionId: RowId });

/** The trading routes (resale, offers, the creator studio), merged into ROUTE_DOCS. */
export const TRADE_ROUTE_DOCS: Record<string, RouteDoc> = {
  ...section('resale', {
    'POST /api/editions/:editionId/listing': signedIn(
      'List an owned edition for sale, or change its price: 201 new, 200 repriced; 409 while its Stars purchase is locked or a buyer’s reservation holds it',
      {
        params: EditionParams,
        body: ListingRequest,
        responses: { 200: z.object({ listing: Listing }), 201: z.object({ listing: Listing }) },
      },
    ),
    'DELETE /api/editions/:editionId/listing': signedIn(
      'Take an edition off sale: 409 while a buyer’s reservation holds it',
      {
        params: EditionParams,
        responses: { 204: Empty },
      },
    ),
    'GET /api/editions/:editionId': doc(
      'One edition: owner, history, listing, how it was paid, when it is resellable',
      {
        params: EditionParams,
        responses: { 200: EditionDetail },
      },
    ),
    'GET /api/stickers/:id/listings': doc('A pack’s editions on sale', {
      params: PackParams,
      responses: { 200: PackListings },
    }),
    'GET /api/stickers/:id/activity': doc('A pack’s mints, listings and sales', {
      params: PackParams,
      query: ActivityQuery,
      responses: { 200: ActivityPage },
    }),
    'GET /api/activity': doc('Marketplace activity', {
      query: ActivityQuery,
      responses: { 200: ActivityPage },
    }),
    'GET /api/stickers/:id/price-history': doc('Daily sale prices of a pack', {
      params: PackParams,
      query: PriceHistoryQuery,
      responses: { 200: PriceHistory },
    }),
  }),
  ...section('offers', {
    'POST /api/offers': signedIn(
      'Make an offer on an edition or on any edition of a pack: 201 new, 200 replaced yours',
      {
        body: OfferRequest,
        responses: { 200: OfferResponse, 201: OfferResponse },
      },
    ),
    'GET /api/offers/mine': signedIn('Offers you made, and open offers on your editions and on packs you hold', {
      responses: { 200: MyOffers },
    }),
    'GET /api/stickers/:id/offers': doc('Open offers on a pack and on its editions, highest first', {
      params: PackParams,
      responses: { 200: PackOffers },
    }),
    'POST /api/offers/:id/accept': signedIn(
      'Accept an offer: a resale order for the bidder, the edition held meanwhile',
      {
        params: OfferIdParams,
        body: AcceptOfferRequest,
        responses: { 201: AcceptOfferResponse },
      },
    ),
    'POST /api/offers/:id/decline': signedIn(
      'Decline an offer on your edition (or a pack-wide one on a pack you hold)',
      {
        params: OfferIdParams,
        responses: { 204: Empty },
      },
    ),
    'DELETE /api/offers/:id': signedIn('Withdraw your offer', {
      params: OfferIdParams,
      responses: { 204: Empty },
    }),
  }),
  ...section('gifts', {
    'POST /api/editions/:editionId/gift': signedIn(
      'Send an owned edition as a gift: a link (t.me/<bot>?startapp=gift_<code>) whoever opens it may claim within GIFT_CLAIM_DAYS; its listing closes. 409 while it waits as a gift already or a buyer’s reservation holds it; 503 without the bot',
      {
        params: EditionParams,
        body: GiftRequest,
        responses: { 201: GiftResponse, 503: 'The bot is not set up (BOT_USERNAME)' },
      },
    ),
    'GET /api/gifts/mine': signedIn('Gifts you sent (waiting, claimed, cancelled, expired) and gifts you claimed', {
      responses: { 200: MyGifts },
    }),
    'GET /api/gifts/:code': signedIn(
      'A gift by its code: the pack, the serial, the note, the sender unless hidden, its state',
      { params: GiftCodeParams, responses: { 200: GiftDetailResponse } },
    ),
    'POST /api/gifts/:code/claim': signedIn(
      'Claim a gift: the edition is yours. 400 your own gift; 409 claimed already, cancelled or expired, or its pack removed by the marketplace',
      { params: GiftCodeParams, responses: { 200: GiftDetailResponse } },
    ),
    'POST /api/gifts/:code/share-message': signedIn(
      "Share your waiting gift inside Telegram: the bot prepares a message with a Claim button for the mini-app's shareMessage. 403 not your gift; 409 no longer waiting, or an account without Telegram; 503 no bot",
      {
        params: GiftCodeParams,
        responses: { 200: ShareMessageResponse, 503: 'No bot configured, or the Bot API did not answer' },
      },
    ),
    'DELETE /api/gifts/:code': signedIn('Cancel your gift before it is claimed: the edition stays yours', {
      params: GiftCodeParams,
      responses: { 204: Empty },
    }),
  }),
  ...section('studio', {
    'GET /api/studio': signedIn(
      'Creators: each of their packs with editions sold, revenue, resale royalties paid and owed (no wallet linked), views, likes and drop status; the totals; sales by UTC day',
      { responses: { 200: StudioResponse, 403: 'Not a creator' } },
    ),
    'POST /api/studio/payouts': signedIn(
      'Creators: withdraw the whole available balance to their linked TON wallet, as one payout from the marketplace’s wallet (exact nanotons). 201 a new payout; 200 the payout a tap just before already wrote (a double tap pays once). The balance’s available figure drops at once, sending until the chain shows the payout arrived, then paid',
      {
        responses: {
          200: StudioWithdrawal,
          201: StudioWithdrawal,
          403: 'Not a creator',
          409: 'No wallet linked, nothing available, the balance in debt for refunded sales, or less than PAYOUT_MIN available',
          503: 'No payout wallet configured (TON_PAYOUT_MNEMONIC)',
        },
      },
    ),
    'GET /api/studio/sales.csv': signedIn(
      'Creators: their primary sales and resale royalties as CSV (header row, ISO 8601 UTC dates, TON as exact decimals)',
      { responses: { 200: 'text/csv', 403: 'Not a creator' } },
    ),
    'PATCH /api/studio/packs/:id': signedIn(
      'Creators: change the description or tags of their pack (also after sales), or its drop time before the drop opens; any other field is refused',
      {
        params: PackParams,
        body: StudioPackUpdate,
        responses: {
          200: StudioPackResponse,
          403: 'Not a creator, or not their pack',
          409: 'The drop time after the drop opened (or a pack without a scheduled drop)',
        },
      },
    ),
  }),
};
