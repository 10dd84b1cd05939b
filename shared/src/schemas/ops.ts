import { z } from 'zod';
import { OPS_ERRORS, OPS_NOTE_MAX_LENGTH, REMOVAL_REASONS, REPORT_DETAILS_MAX_LENGTH, REPORT_REASONS } from '../ops.js';
import { IsoDate } from './common.js';
import { freeText } from './text.js';

export const ReportRequest = z.object({
  reason: z.enum(REPORT_REASONS),
  details: freeText('Details')
    .pipe(z.string().max(REPORT_DETAILS_MAX_LENGTH, OPS_ERRORS.reportDetailsTooLong))
    .default(''),
});
export type ReportRequest = z.infer<typeof ReportRequest>;
export const ReportResponse = z.object({
  report: z.object({
    id: z.number().int(),
    packId: z.number().int(),
    reason: z.enum(REPORT_REASONS),
    createdAt: IsoDate,
  }),
});

const note = freeText('Note').pipe(z.string().max(OPS_NOTE_MAX_LENGTH, OPS_ERRORS.noteTooLong));

export const TakedownRequest = z.object({ reason: z.enum(REPORT_REASONS), note: note.default('') });
export type TakedownRequest = z.infer<typeof TakedownRequest>;
export const RestoreRequest = z.object({ note: note.default('') });
export const BanRequest = z.object({ reason: note.pipe(z.string().min(1, 'Reason is required')) });
export const UnbanRequest = z.object({ note: note.default('') });
export const UserIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .min(-(2 ** 53))
    .max(2 ** 53),
});
export const QueueIdParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53),
});

/** What a pack's removal tells its owners and its creator. */
export const Removal = z.object({ reason: z.enum(REMOVAL_REASONS) });

export const AuditEntry = z.object({
  id: z.number().int(),
  action: z.string(),
  operatorId: z.number().int(),
  target: z.object({ kind: z.string(), id: z.string() }),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  at: IsoDate,
});
export type AuditEntry = z.infer<typeof AuditEntry>;
export const AuditResponse = z.object({ entries: z.array(AuditEntry) });

export const ReportedPack = z.object({
  pack: z.object({
    id: z.number().int(),
    title: z.string(),
    status: z.string(),
    sales: z.number().int(),
    creator: z.object({ id: z.number().int(), name: z.string(), username: z.string().nullable() }),
  }),
  openReports: z.number().int(),
  latestAt: IsoDate,
  reports: z.array(
    z.object({
      id: z.number().int(),
      reporterId: z.number().int(),
      reason: z.enum(REPORT_REASONS),
      details: z.string(),
      at: IsoDate,
    }),
  ),
});
export const ReportsResponse = z.object({ packs: z.array(ReportedPack) });

/**
 * A pack the marketplace took down, or hid with its banned creator until reviewed, as `GET /api/ops/packs/removed`
 * lists it (the latest removed first): why, when, its sales, and its creator with whether they are banned now.
 */
export const RemovedPack = z.object({
  pack: z.object({
    id: z.number().int(),
    title: z.string(),
    sales: z.number().int(),
    creator: z.object({
      id: z.number().int(),
      name: z.string(),
      username: z.string().nullable(),
      banned: z.boolean(),
    }),
  }),
  reason: z.enum(REMOVAL_REASONS),
  removedAt: IsoDate,
});
export type RemovedPack = z.infer<typeof RemovedPack>;
export const RemovedPacksResponse = z.object({ packs: z.array(RemovedPack) });

const QueueItem = z.object({
  id: z.number().int(),
  /** The rail's smallest unit as a decimal string, with its currency (TON, XTR, usd). */
  amount: z.string(),
  currency: z.string(),
  rail: z.string(),
  /** Seconds since it entered the queue. */
  ageSeconds: z.number().int(),
  status: z.string(),
  detail: z.string().nullable(),
});
export const QueuesResponse = z.object({
  refunds: z.array(QueueItem),
  unmatchedPayments: z.array(QueueItem),
  heldPayouts: z.array(QueueItem),
});
export type QueuesResponse = z.infer<typeof QueuesResponse>;

/** A pack with open reports, as `GET /api/ops/reports` lists it (newest report first). */
export interface ReportedPack {
  pack: {
    id: number;
    title: string;
    status: string;
    sales: number;
    creator: { id: number; name: string; username: string | null };
  };
  openReports: number;
  latestAt: string;
  reports: { id: number; reporterId: number; reason: (typeof REPORT_REASONS)[number]; details: string; at: string }[];
}
