-- A pack row counted in (sign 1) or out (sign -1): its creator's figures, then the marketplace's, with the
-- sales and volume of its editions (none when it is created; all of them when it is removed or restored).
CREATE OR REPLACE FUNCTION stats_apply_pack(p_sign integer, p packs) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	remaining integer;
	sold bigint;
	volume numeric;
BEGIN
	INSERT INTO creator_stats AS s (creator_id, packs, sales) VALUES (p.creator_id, p_sign, p_sign * p.sold_count)
	ON CONFLICT (creator_id) DO UPDATE SET packs = s.packs + excluded.packs, sales = s.sales + excluded.sales
	RETURNING s.packs INTO remaining;
	SELECT count(*), coalesce(sum(e.purchase_price_nano), 0) INTO sold, volume FROM editions e WHERE e.pack_id = p.id;
	-- A creator is a seller from their first pack until their last one is gone.
	PERFORM stats_add(p.id, p_sign, p_sign * (p.sold_count < p.max_supply)::int, p_sign * p.price_nano,
		p_sign * sold, p_sign * volume, 0,
		CASE WHEN (p_sign = 1 AND remaining = 1) OR (p_sign = -1 AND remaining = 0) THEN p_sign ELSE 0 END);
END $$;
