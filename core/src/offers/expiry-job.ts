import type { Database } from '../db/client.js';
import { periodic, type Job } from '../jobs/periodic.js';
import type { Logger } from '../logger.js';
import { EXPIRY_BATCH, expireOffers } from './close.js';

/**
 * `expireOffers` every `every` ms, as a job of the process. Readers already treat an open offer past its
 * time as expired; the sweep closes it and tells the bidder. A full batch runs the next pass at once; a
 * failing database is retried with backoff.
 */
export function offerExpirer(db: Database, options: { every: number; now: () => Date; log: Logger }): Job {
  return periodic({
    name: 'offer expiry',
    every: options.every,
    log: options.log,
    backoff: { maxMs: 10 * options.every },
    run: async () => ((await expireOffers(db, options.now())) >= EXPIRY_BATCH ? 'more' : undefined),
  });
}
