-- Editions of a pack still free for a new buyer at p_at: the supply, less those sold, less those held by live
-- reservations (p_except_order leaves out the order being paid, which a lapsed payment counts itself in).
-- The one answer to "editions left": a reservation (reserve_edition), a drop's rules, a primary sale's late
-- payment and the Stars pre-checkout ask it, SQL here and TypeScript through core/src/sales/rules.ts. Its
-- answer holds under the pack's supply lock (lock_pack_supply), which everything that can take one takes.
CREATE OR REPLACE FUNCTION editions_left(p_pack_id integer, p_at timestamptz, p_except_order uuid DEFAULT NULL)
	RETURNS bigint LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT p.max_supply - p.sold_count - (SELECT count(*) FROM orders o
		WHERE o.pack_id = p.id AND o.kind = 'primary' AND reservation_is_live(o.status, o.expires_at, p_at)
			AND o.id IS DISTINCT FROM p_except_order)
	FROM packs p WHERE p.id = p_pack_id
$$;
