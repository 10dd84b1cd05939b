import type { Extensions } from '@electric-sql/pglite';

/** The Postgres extensions every PGlite must be opened with (pglite-extensions.mjs). */
export declare const pgliteExtensions: Extensions;
