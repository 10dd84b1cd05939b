import type { FastifyBaseLogger } from 'fastify';
import {
  type Config,
  type Database,
  type FileStorage,
  type PaymentSetup,
  seedDemoCatalogue,
  startPaymentJobs,
  startOfferExpirer,
  startReservationSweeper,
  startTrendingRefresher,
} from '@stickerdrop/core';

/** Reservations past their 15 minutes are marked expired about this often (availability ignores them already). */
const RESERVATION_SWEEP_MS = 60_000;
/** Open offers past their time are closed, and their bidders told, about this often. */
const OFFER_EXPIRY_SWEEP_MS = 60_000;
/** Trending scores follow sales, likes and views with at most this delay. */
const TRENDING_REFRESH_MS = 60_000;

export interface BackgroundJobs {
  stop(): Promise<void>;
}

/** Work that runs beside the requests: the demo seed, trending scores, reservation and offer expiry. */
export async function startBackgroundJobs(deps: {
  config: Config;
  db: Database;
  storage: FileStorage;
  payments: PaymentSetup;
  log: FastifyBaseLogger;
  seed: boolean;
}): Promise<BackgroundJobs> {
  const stops: Array<() => unknown> = [];
  if (deps.seed && (await seedDemoCatalogue({ db: deps.db, storage: deps.storage, now: new Date() }))) {
    deps.log.info('seeded the demo catalogue');
  }
  stops.push(
    startTrendingRefresher(deps.db, {
      intervalMs: TRENDING_REFRESH_MS,
      now: () => new Date(),
      onError: (error) => deps.log.error({ err: error }, 'trending refresh failed'),
    }),
  );
  stops.push(
    startReservationSweeper(deps.db, {
      intervalMs: RESERVATION_SWEEP_MS,
      now: () => new Date(),
      onError: (error) => deps.log.error({ err: error }, 'reservation sweep failed'),
    }),
  );
  stops.push(
    startOfferExpirer(deps.db, {
      intervalMs: OFFER_EXPIRY_SWEEP_MS,
      now: () => new Date(),
      onError: (error) => deps.log.error({ err: error }, 'offer expiry sweep failed'),
    }),
  );
  stops.push(startPaymentJobs({ config: deps.config, db: deps.db, payments: deps.payments, log: deps.log }));
  return {
    async stop() {
      await Promise.all(stops.map((stop) => stop()));
    },
  };
}
