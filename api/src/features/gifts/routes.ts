import type { FastifyInstance, FastifyRequest } from 'fastify';
import { GIFT_ERRORS, GiftRequest, giftClaimLink } from '@stickerdrop/shared';
import { cancelGift, claimGift, getGift, giftEdition, listMyGifts, parseInput } from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { serviceUnavailable } from '../../http/errors.js';
import { editionIdParam } from '../resale/routes.js';
import { codeOf, type CodeRequest } from './code.js';
import { giftShareMessageRoutes } from './share-message.js';

/** Gifts: an owner sends an edition by a link; whoever opens it claims it. */
export async function giftsRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, now } = app.deps;
  const claimUrlOf = (code: string) => (config.botUsername ? giftClaimLink(config.botUsername, code) : null);

  app.post(
    '/api/editions/:editionId/gift',
    async (request: FastifyRequest<{ Params: { editionId: string } }>, reply) => {
      const userId = requireUser(request);
      const editionId = editionIdParam(request.params.editionId);
      const input = parseInput(GiftRequest, request.body);
      // The link opens the mini-app through the bot: without its name there is nothing to share.
      if (!config.botUsername) throw serviceUnavailable(GIFT_ERRORS.needsBot);
      const gift = await giftEdition(db, { userId, editionId, ...input, claimDays: config.giftClaimDays, now: now() });
      return reply.status(201).send({
        gift: {
          code: gift.code,
          claimUrl: giftClaimLink(config.botUsername, gift.code),
          expiresAt: gift.expiresAt!.toISOString(),
          editionId,
        },
      });
    },
  );

  app.get('/api/gifts/mine', async (request) => listMyGifts(db, requireUser(request), claimUrlOf, now()));

  app.get('/api/gifts/:code', async (request: CodeRequest) => {
    const viewer = requireUser(request);
    return { gift: await getGift(db, { code: codeOf(request), viewer, claimUrlOf, now: now() }) };
  });

  app.post('/api/gifts/:code/claim', async (request: CodeRequest) => {
    const userId = requireUser(request);
    const code = codeOf(request);
    const at = now();
    await claimGift(db, { code, userId, now: at });
    return { gift: await getGift(db, { code, viewer: userId, claimUrlOf, now: at }) };
  });

  await app.register(giftShareMessageRoutes);

  app.delete('/api/gifts/:code', async (request: CodeRequest, reply) => {
    const userId = requireUser(request);
    await cancelGift(db, { code: codeOf(request), userId, now: now() });
    return reply.status(204).send();
  });
}
