-- "Already owns an edition of the pack", the one answer to it: a reservation (reserve_edition), a drop's
-- rules, a primary sale, a resale's holder checks and a Stars pre-checkout all ask it, SQL here and
-- TypeScript through core/src/sales/rules.ts. A plain SQL function: Postgres inlines it into the query that
-- calls it, so the editions' indexes still serve. p_except_edition leaves one edition out (the one a move is
-- taking away: does its sender keep another?).
CREATE OR REPLACE FUNCTION owns_edition(p_user_id bigint, p_pack_id integer, p_except_edition integer DEFAULT NULL)
	RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT EXISTS (SELECT 1 FROM editions e WHERE e.owner_id = p_user_id AND e.pack_id = p_pack_id
		AND (p_except_edition IS NULL OR e.id <> p_except_edition))
$$;
