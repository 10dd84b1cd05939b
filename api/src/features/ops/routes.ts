import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BanRequest,
  QueueIdParams,
  RestoreRequest,
  TakedownRequest,
  UnbanRequest,
  UserIdParams,
} from '@stickerdrop/shared';
import {
  banUser,
  listAudit,
  listQueues,
  listRemovedPacks,
  listReportedPacks,
  parseInput,
  releasePayout,
  restorePack,
  retryRefund,
  takeDownPack,
  unbanUser,
} from '@stickerdrop/core';
import { packIdParam } from '../packs/params.js';
import { operatorOf, requireOperatorHook } from './operator-check.js';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/** The operator's desk, `/api/ops/*`: only OPERATOR_IDS get past the plugin's hook. */
export async function opsRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', requireOperatorHook(app));
  const { db, now } = app.deps;

  app.get('/api/ops/audit', async () => ({ entries: await listAudit(db) }));
  app.get('/api/ops/reports', async () => ({ packs: await listReportedPacks(db) }));
  app.get('/api/ops/queues', async () => listQueues(db, now()));
  app.get('/api/ops/packs/removed', async () => ({ packs: await listRemovedPacks(db) }));

  app.post('/api/ops/packs/:id/takedown', async (request: IdRequest) => {
    const { reason, note } = parseInput(TakedownRequest, request.body);
    const packId = packIdParam(request.params.id);
    return { takedown: await takeDownPack(db, { operatorId: operatorOf(request), packId, reason, note, now: now() }) };
  });
  app.post('/api/ops/packs/:id/restore', async (request: IdRequest) => {
    const { note } = parseInput(RestoreRequest, request.body);
    const packId = packIdParam(request.params.id);
    return { restore: await restorePack(db, { operatorId: operatorOf(request), packId, note, now: now() }) };
  });

  app.post('/api/ops/users/:id/ban', async (request: IdRequest) => {
    const { id: userId } = parseInput(UserIdParams, request.params);
    const { reason } = parseInput(BanRequest, request.body);
    return { ban: await banUser(db, { operatorId: operatorOf(request), userId, reason, now: now() }) };
  });
  app.post('/api/ops/users/:id/unban', async (request: IdRequest) => {
    const { id: userId } = parseInput(UserIdParams, request.params);
    const { note } = parseInput(UnbanRequest, request.body);
    return { ban: await unbanUser(db, { operatorId: operatorOf(request), userId, note, now: now() }) };
  });

  app.post('/api/ops/refunds/:id/retry', async (request: IdRequest) => {
    const { id: paymentId } = parseInput(QueueIdParams, request.params);
    return { refund: await retryRefund(db, { operatorId: operatorOf(request), paymentId, now: now() }) };
  });
  app.post('/api/ops/payouts/:id/release', async (request: IdRequest) => {
    const { id: payoutId } = parseInput(QueueIdParams, request.params);
    return { payout: await releasePayout(db, { operatorId: operatorOf(request), payoutId, now: now() }) };
  });
}
