import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ReportRequest } from '@stickerdrop/shared';
import { parseInput, reportPack } from '@stickerdrop/core';
import { requireUser } from '../../http/auth.js';
import { packIdParam } from '../packs/params.js';

/** Anyone signed in reports a pack they can see (RATE_LIMIT_REPORT): one open report per person and pack. */
export async function reportRoutes(app: FastifyInstance): Promise<void> {
  const { db, now } = app.deps;
  app.post('/api/packs/:id/reports', async (request: FastifyRequest<{ Params: { id: string } }>, reply) => {
    const reporterId = requireUser(request);
    const packId = packIdParam(request.params.id);
    const input = parseInput(ReportRequest, request.body);
    const report = await reportPack(db, { packId, reporterId, ...input, now: now() });
    return reply.status(201).send({ report });
  });
}
