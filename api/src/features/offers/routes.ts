import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AcceptOfferRequest, OFFER_ERRORS, OfferRequest } from '@stickerdrop/shared';
import {
  acceptOffer,
  declineOffer,
  makeOffer,
  myOffers,
  packOffers,
  parseInput,
  requireOfferSaleTerms,
  toOrderDto,
  withdrawOffer,
} from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { packIdParam } from '../packs/params.js';

const MAX_ID = 2_147_483_647;

/** An `:id` that cannot be an offer id is as unknown as a missing one. */
function offerIdParam(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > MAX_ID) throw notFound(OFFER_ERRORS.notFound);
  return id;
}

type OfferRequestWithId = FastifyRequest<{ Params: { id: string } }>;

/** The offers contract: make, list, accept, decline, withdraw. */
export async function offersRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;

  app.post('/api/offers', async (request, reply) => {
    const userId = requireUser(request);
    const input = parseInput(OfferRequest, request.body);
    const { offer, created } = await makeOffer(db, {
      userId,
      ...input,
      starsLockDays: config.starsResaleLockDays,
      maxOpenOffers: config.offersMaxOpen,
      marketFeeBps: config.marketFeeBps,
      now: now(),
    });
    return reply.status(created ? 201 : 200).send({ offer });
  });

  app.get('/api/offers/mine', async (request) => myOffers(db, requireUser(request), now(), config.marketFeeBps));

  app.get('/api/stickers/:id/offers', async (request: OfferRequestWithId) =>
    packOffers(db, packIdParam(request.params.id), now()),
  );

  app.post('/api/offers/:id/accept', async (request: OfferRequestWithId, reply) => {
    const userId = requireUser(request);
    const offerId = offerIdParam(request.params.id);
    const { editionId } = parseInput(AcceptOfferRequest, request.body);
    const terms = requireOfferSaleTerms(config);
    const at = now();
    const order = await acceptOffer(db, { userId, offerId, editionId, ...terms, now: at });
    return reply.status(201).send({ order: toOrderDto(order, at) });
  });

  app.post('/api/offers/:id/decline', async (request: OfferRequestWithId, reply) => {
    const userId = requireUser(request);
    await declineOffer(db, { userId, offerId: offerIdParam(request.params.id), now: now() });
    return reply.status(204).send();
  });

  app.delete('/api/offers/:id', async (request: OfferRequestWithId, reply) => {
    const userId = requireUser(request);
    await withdrawOffer(db, { userId, offerId: offerIdParam(request.params.id), now: now() });
    return reply.status(204).send();
  });
}
