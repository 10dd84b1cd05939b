// The Postgres extensions the migrations create, which PGlite must be handed wherever it opens a data dir
// (a migrated one cannot be read without them): pg_trgm, for search through typos. Plain JavaScript, as the
// PGlite thread that imports it starts without tsx.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

export const pgliteExtensions = { pg_trgm };
