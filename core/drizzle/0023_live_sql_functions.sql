-- The sale rules' live SQL functions are no longer redefined by migrations: each has one file in core/sql/
-- with its current body, applied after the migrations (core/src/db/live-functions.ts) whenever those files
-- change. This row records which version of them the database holds, so an unchanged start reads one row.
CREATE TABLE "live_sql_version" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL CHECK ("only_row"),
	"version" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
