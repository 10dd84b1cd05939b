import type { FastifyInstance, FastifyRequest } from 'fastify';
import { StudioPackUpdate } from '@stickerdrop/shared';
import {
  getStudio,
  parseInput,
  requireCreator as requireCreatorUser,
  studioSalesCsv,
  updateStudioPack,
  withdrawFromStudio,
} from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { packIdParam } from '../packs/params.js';

/** The creator studio: a creator's own packs, sales and royalties, and the edits allowed. */
export async function studioRoutes(app: FastifyInstance): Promise<void> {
  const { db, now, config } = app.deps;

  /** The caller, who must be a creator: everything here is about their own packs. */
  async function requireCreator(request: FastifyRequest): Promise<number> {
    const userId = requireUser(request);
    await requireCreatorUser(db, userId, 'studio');
    return userId;
  }

  app.get('/api/studio', async (request) =>
    getStudio(db, await requireCreator(request), now(), config.payouts.minNano),
  );

  // The creator's available balance, all of it, to their linked wallet: 201 a new payout, 200 the one a
  // first tap already wrote.
  app.post('/api/studio/payouts', async (request, reply) => {
    const creatorId = await requireCreator(request);
    const { created, ...withdrawal } = await withdrawFromStudio(db, {
      creatorId,
      now: now(),
      minNano: config.payouts.minNano,
      payoutsOn: config.payouts.mnemonic !== undefined,
    });
    return reply.code(created ? 201 : 200).send(withdrawal);
  });

  app.get('/api/studio/sales.csv', async (request, reply) => {
    const csv = await studioSalesCsv(db, await requireCreator(request));
    const day = now().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="stickerdrop-sales-${day}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.patch<{ Params: { id: string } }>('/api/studio/packs/:id', async (request) => {
    const creatorId = await requireCreator(request);
    const packId = packIdParam(request.params.id);
    const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
    const input = parseInput(StudioPackUpdate, request.body);
    return { pack: await updateStudioPack(db, creatorId, packId, body, input, now()) };
  });
}
