import { z } from 'zod';
import {
  AuditResponse,
  BanRequest,
  PackIdParams,
  QueueIdParams,
  QueuesResponse,
  RemovedPacksResponse,
  ReportRequest,
  ReportResponse,
  ReportsResponse,
  RestoreRequest,
  TakedownRequest,
  UnbanRequest,
  UserIdParams,
} from '@stickerdrop/shared';
import { section, signedIn, type RouteDoc } from './route-doc-kit.js';

const OPERATORS_ONLY = 'Not one of OPERATOR_IDS';
const Done = z.record(z.string(), z.unknown());

/** Reports, and the operator's desk: every `/api/ops` route answers 403 to anyone not in OPERATOR_IDS. */
export const OPS_ROUTE_DOCS: Record<string, RouteDoc> = {
  ...section('reports', {
    'POST /api/packs/:id/reports': signedIn(
      'Report a pack (copyright, offensive, scam, other; details up to 500 characters). 404 unknown pack; 409 your report of it is still open; RATE_LIMIT_REPORT',
      { params: PackIdParams, body: ReportRequest, responses: { 201: ReportResponse } },
    ),
  }),
  ...section('operators', {
    'GET /api/ops/audit': signedIn('Every operator action, newest first: who, what, to what, why, before and after', {
      responses: { 200: AuditResponse, 403: OPERATORS_ONLY },
    }),
    'GET /api/ops/reports': signedIn('Packs with open reports, most recently reported first, with the reports', {
      responses: { 200: ReportsResponse, 403: OPERATORS_ONLY },
    }),
    'GET /api/ops/queues': signedIn('Refunds pending or failed, payments that matched no order, held payouts', {
      responses: { 200: QueuesResponse, 403: OPERATORS_ONLY },
    }),
    'GET /api/ops/packs/removed': signedIn(
      'Packs not listed, the latest removed first: taken down (with the reason) or hidden with their banned creator (creator_banned), each with its creator and sales, for review; restore brings one back',
      { responses: { 200: RemovedPacksResponse, 403: OPERATORS_ONLY } },
    ),
    'POST /api/ops/packs/:id/takedown': signedIn(
      "Take a pack down: hidden from visitors, its market closed, its people told; for copyright its owners' sets deleted, its purchases refunded and the creator's pending credits reversed. 409 taken down already",
      { params: PackIdParams, body: TakedownRequest, responses: { 200: Done, 403: OPERATORS_ONLY } },
    ),
    'POST /api/ops/packs/:id/restore': signedIn(
      'Bring a removed pack back; nothing is refunded twice. 409 not removed',
      {
        params: PackIdParams,
        body: RestoreRequest,
        responses: { 200: Done, 403: OPERATORS_ONLY },
      },
    ),
    'POST /api/ops/users/:id/ban': signedIn(
      'Ban a user: no sign-in, their sessions end, their listings and offers close, their packs hidden until restored. 409 banned already',
      { params: UserIdParams, body: BanRequest, responses: { 200: Done, 403: OPERATORS_ONLY } },
    ),
    'POST /api/ops/users/:id/unban': signedIn('Lift a ban: the user may sign in again. 409 not banned', {
      params: UserIdParams,
      body: UnbanRequest,
      responses: { 200: Done, 403: OPERATORS_ONLY },
    }),
    'POST /api/ops/refunds/:id/retry': signedIn('Try a payment’s queued refund again now. 409 no refund waiting', {
      params: QueueIdParams,
      responses: { 200: Done, 403: OPERATORS_ONLY },
    }),
    'POST /api/ops/payouts/:id/release': signedIn('Release a held payout past the caps. 409 not held', {
      params: QueueIdParams,
      responses: { 200: Done, 403: OPERATORS_ONLY },
    }),
  }),
};
