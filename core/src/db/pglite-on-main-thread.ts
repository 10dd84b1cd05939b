/**
 * What drizzle's PGlite driver imports from `@electric-sql/pglite`, for the server's bundle alone
 * (scripts/server-bundle.ts points it here). PGlite runs in its own thread (pglite-thread.ts), so the main
 * thread needs only the type OIDs drizzle's sessions name; loading PGlite's 0.5 MB of JavaScript there as
 * well cost a warm start about 0.1 s. A test holds these numbers to PGlite's own.
 */
export const types = { DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184, INTERVAL: 1186 } as const;

/** drizzle() builds a PGlite only when given none; the server always hands it its thread. */
export class PGlite {
  constructor() {
    throw new Error('PGlite runs in its own thread here (core/src/db/pglite-thread.ts)');
  }
}
