-- format_ton as one expression, so Postgres inlines it into the query that calls it. The body of 0007 held a
-- sub-select, which keeps a SQL function from being inlined: each call then ran the function executor
-- (about 6 µs), and a catalogue page written as JSON by Postgres (core/src/packs/card-json.ts) formats two
-- amounts per card, 42 calls, more than half the page's time in the database. Same results (1500000000 →
-- "1.50", 1234567891 → "1.234567891"), checked against the JS formatTon in format-ton-sql.test.ts.
CREATE OR REPLACE FUNCTION format_ton(nano bigint) RETURNS text LANGUAGE sql IMMUTABLE AS $$
	SELECT CASE WHEN nano < 0 THEN '-' ELSE '' END || (abs(nano) / 1000000000)::text || '.'
		|| rtrim(lpad((abs(nano) % 1000000000)::text, 9, '0'), '0')
		|| repeat('0', greatest(0, 2 - length(rtrim(lpad((abs(nano) % 1000000000)::text, 9, '0'), '0'))))
$$;
