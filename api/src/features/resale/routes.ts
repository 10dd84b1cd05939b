import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ActivityQuery,
  BuyListingRequest,
  ListingRequest,
  PriceHistoryQuery,
  RESALE_ERRORS,
} from '@stickerdrop/shared';
import {
  buyListing,
  delistEdition,
  foundEdition,
  foundPack,
  getEdition,
  listActivityJson,
  listEdition,
  packListingsJson,
  parseInput,
  priceHistory,
  requirePack,
  resalePaymentTarget,
  toOrderDto,
  type PaymentRail,
} from '@stickerdrop/core';
import { notFound } from '../../http/errors.js';
import { JSON_TYPE } from '../../http/json-text.js';
import { optionalUser, requireUser } from '../../http/auth.js';
import { packIdParam } from '../packs/params.js';

const MAX_ID = 2_147_483_647;

/** An `:editionId` that cannot be an edition id is as unknown as a missing one. */
export function editionIdParam(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound(RESALE_ERRORS.editionNotFound);
  return id;
}

type EditionRequest = FastifyRequest<{ Params: { editionId: string } }>;
type PackRequest = FastifyRequest<{ Params: { id: string } }>;

/** The resale contract (listings, editions, activity, price history). */
export async function resaleRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;

  app.post('/api/editions/:editionId/listing', async (request: EditionRequest, reply) => {
    const userId = requireUser(request);
    const editionId = editionIdParam(request.params.editionId);
    const { price } = parseInput(ListingRequest, request.body);
    const result = await listEdition(db, {
      userId,
      editionId,
      price,
      now: now(),
      starsLockDays: config.starsResaleLockDays,
    });
    return reply.status(result.created ? 201 : 200).send({ listing: result.listing });
  });

  app.delete('/api/editions/:editionId/listing', async (request: EditionRequest, reply) => {
    const userId = requireUser(request);
    await delistEdition(db, { userId, editionId: editionIdParam(request.params.editionId), now: now() });
    return reply.status(204).send();
  });

  app.get('/api/editions/:editionId', async (request: EditionRequest) => {
    const editionId = editionIdParam(request.params.editionId);
    const lock = { now: now(), lockDays: config.starsResaleLockDays };
    return foundEdition(await getEdition(db, editionId, lock, optionalUser(request)));
  });

  app.get('/api/stickers/:id/listings', async (request: PackRequest, reply) => {
    const listings = foundPack(await packListingsJson(db, packIdParam(request.params.id), now()));
    return reply.type(JSON_TYPE).send(listings);
  });

  app.get('/api/stickers/:id/activity', async (request: PackRequest, reply) => {
    const packId = packIdParam(request.params.id);
    const { cursor } = parseInput(ActivityQuery, request.query);
    await requirePack(db, packId);
    return reply.type(JSON_TYPE).send(await listActivityJson(db, { packId, cursor }));
  });

  app.get('/api/activity', async (request, reply) => {
    const { cursor } = parseInput(ActivityQuery, request.query);
    return reply.type(JSON_TYPE).send(await listActivityJson(db, { cursor }));
  });

  app.get('/api/stickers/:id/price-history', async (request: PackRequest) => {
    const packId = packIdParam(request.params.id);
    const { days } = parseInput(PriceHistoryQuery, request.query);
    await requirePack(db, packId);
    return priceHistory(db, packId, days, now());
  });
}

/** Whether a POST /api/marketplace/buy body asks for a listing rather than a new edition. */
export function isListingBuy(body: unknown): boolean {
  return typeof body === 'object' && body !== null && 'listingId' in body;
}

/**
 * POST /api/marketplace/buy with `{ listingId }`. Resale is paid in TON, wallet to wallet; Stars and card
 * stay for primary sales. In demo mode it is paid on the demo rail unless TON is configured and chosen.
 */
export async function buyListingRoute(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  rails: readonly PaymentRail[],
) {
  const { config, db, now } = app.deps;
  const userId = requireUser(request);
  const input = parseInput(BuyListingRequest, request.body);
  const ton = resalePaymentTarget(config, rails, input.paymentMethod);
  const at = now();
  const { order, created } = await buyListing(db, {
    userId,
    listingId: input.listingId,
    paymentMethod: input.paymentMethod,
    ton,
    feeBps: config.marketFeeBps,
    reservations: config.reservations,
    ...(input.asGift && { gift: { claimDays: config.giftClaimDays } }),
    now: at,
  });
  return reply.status(created ? 201 : 200).send({ order: toOrderDto(order, at) });
}
