-- A reservation holds its edition while it is unpaid and before its expiry. A plain SQL function: Postgres
-- inlines it into the query that calls it (checked with EXPLAIN: the orders indexes still serve).
-- core/src/sales/rules.ts is the one way TypeScript names it, with its in-memory twin beside it.
CREATE OR REPLACE FUNCTION reservation_is_live(status text, expires_at timestamptz, at timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'reserved' AND expires_at > at $$;
