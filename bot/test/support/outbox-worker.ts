import { Api } from 'grammy';
import type { Database, FileStorage } from '@stickerdrop/core';
import { installApiTransformers } from '../../src/runtime/api-transformers.js';
import { createOutboxWorker, type OutboxWorkerOptions } from '../../src/outbox/worker.js';
import { SendLimiter, type SendLimits } from '../../src/outbox/send-limiter.js';
import { BOT_USER, type FakeBotApi } from '../../../api/test/fakes/bot-api.js';
import { PUBLIC_URL, TOKEN } from './harness.js';
import { recordingLogger } from './logger.js';

/** Fast limits for tests that are not about pacing. */
export const UNLIMITED: SendLimits = { perSecond: 10_000, perChatIntervalMs: 0, maxGlobalPauseSeconds: 2 };

/**
 * An outbox worker wired as startBot wires it (own API client, 429s pause the limiter), against the
 * fake Bot API.
 */
export function outboxWorker(
  deps: { db: Database; storage: FileStorage },
  fake: FakeBotApi,
  options: Partial<Omit<OutboxWorkerOptions, 'api' | 'db' | 'storage' | 'acquire'>> & {
    limits?: SendLimits;
    /**
     * The limiter and the client's retry_after waits run on a clock of their own that those waits move:
     * pacing and 429s are checked without real time.
     */
    virtualTime?: boolean;
  } = {},
) {
  const { limits, virtualTime, ...workerOptions } = options;
  const now = options.now ?? (() => new Date());
  // With a test clock (frozen, moved in jumps) the limiter runs on real time shifted by the jumps.
  const start = now().getTime();
  let virtualMs = 0;
  const clock = virtualTime ? () => virtualMs : options.now ? () => Date.now() + (now().getTime() - start) : Date.now;
  const sleep = virtualTime ? async (ms: number) => void (virtualMs += ms) : undefined;
  const limiter = new SendLimiter(limits ?? UNLIMITED, clock, sleep);
  /** Each retry_after the client waited out before sending again, in ms (with virtualTime). */
  const retryWaits: number[] = [];
  const api = new Api(TOKEN, { apiRoot: fake.apiRoot });
  installApiTransformers(api, {
    onRetryAfter: (seconds, chatId) => limiter.pause(seconds, chatId),
    ...(sleep && { sleep: (ms: number) => (retryWaits.push(ms), sleep(ms)) }),
  });
  const log = recordingLogger();
  let sends = 0;
  /** When each send was allowed to go, per chat. */
  const grants: Array<{ chatId: number; at: number }> = [];
  const worker = createOutboxWorker({
    api,
    db: deps.db,
    storage: deps.storage,
    botUsername: BOT_USER.username,
    publicUrl: PUBLIC_URL,
    now,
    log,
    idleDelayMs: 20,
    ...workerOptions,
    acquire: async (chatId) => {
      grants.push({ chatId, at: await limiter.acquire(chatId) });
      sends++;
    },
  });
  return { worker, limiter, log, grants, clock, retryWaits, sends: () => sends };
}
