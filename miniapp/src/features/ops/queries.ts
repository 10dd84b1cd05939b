import { queryOptions } from '@tanstack/react-query';
import type { AuditEntry, QueuesResponse, RemovedPack, ReportReason, ReportedPack } from '@stickerdrop/shared';

export type { RemovedPack, ReportedPack };
import type { ApiClient } from '../../api/client';

export type QueueItem = QueuesResponse['refunds'][number];

export const opsQueries = {
  all: () => ['ops'] as const,
  reports: (api: ApiClient) =>
    queryOptions({
      queryKey: [...opsQueries.all(), 'reports'],
      queryFn: ({ signal }) =>
        api.request<{ packs: ReportedPack[] }>('/api/ops/reports', { signal }).then((body) => body.packs),
    }),
  removed: (api: ApiClient) =>
    queryOptions({
      queryKey: [...opsQueries.all(), 'removed'],
      queryFn: ({ signal }) =>
        api.request<{ packs: RemovedPack[] }>('/api/ops/packs/removed', { signal }).then((body) => body.packs),
    }),
  queues: (api: ApiClient) =>
    queryOptions({
      queryKey: [...opsQueries.all(), 'queues'],
      queryFn: ({ signal }) => api.request<QueuesResponse>('/api/ops/queues', { signal }),
    }),
  audit: (api: ApiClient) =>
    queryOptions({
      queryKey: [...opsQueries.all(), 'audit'],
      queryFn: ({ signal }) =>
        api.request<{ entries: AuditEntry[] }>('/api/ops/audit', { signal }).then((body) => body.entries),
    }),
};

const post = (api: ApiClient, path: string, body: Record<string, unknown> = {}) =>
  api.request<unknown>(path, { method: 'POST', body });

/** The desk's actions; each answers with what it changed, which the desk reads back through the lists. */
export const opsApi = {
  takedown: (api: ApiClient, packId: number, reason: ReportReason, note: string) =>
    post(api, `/api/ops/packs/${packId}/takedown`, { reason, note }),
  restore: (api: ApiClient, packId: number) => post(api, `/api/ops/packs/${packId}/restore`),
  ban: (api: ApiClient, userId: number, reason: string) => post(api, `/api/ops/users/${userId}/ban`, { reason }),
  unban: (api: ApiClient, userId: number, note: string) => post(api, `/api/ops/users/${userId}/unban`, { note }),
  retryRefund: (api: ApiClient, paymentId: number) => post(api, `/api/ops/refunds/${paymentId}/retry`),
  releasePayout: (api: ApiClient, payoutId: number) => post(api, `/api/ops/payouts/${payoutId}/release`),
};
