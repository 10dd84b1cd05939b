-- The primary sales of payments settled together (core/src/resale/move-edition.ts), in one call: for each
-- order, in the order given (serials follow it), the sale counted on its pack, then its edition minted, or
-- the reason none is. Each statement in here runs on what every earlier one committed or wrote (a plpgsql
-- function's statements each take a fresh snapshot), so a payment of the list sees the editions minted for
-- the ones before it, and the first count, which waits for the pack's row lock, is followed by reads that
-- see what the payments it waited for committed. The lock is then held for one round trip for all of them.
-- Packs are locked in the order of their ids, so two lists naming the same packs cannot deadlock.
--
-- For each order:
-- - the count: while an edition is unsold and the pack is listed (the schema's sold_count <= max_supply
--   stands behind it); else 'not_counted' and nothing more (the caller says why: removed, or sold out);
-- - 'already_owned' when the buyer holds an edition of the pack (the count is taken back);
-- - a lapsed order (p_lapsed) holds no edition any more: under the pack's supply lock, which reservations
--   take too, it gets one only while one is left beside others' live reservations, else 'sold_out' (the
--   count is taken back);
-- - 'minted': the serial is the number sold, or, while a revoked edition left a gap, the lowest gap;
--   the edition and its mint in the feed (with the price paid) are written.
-- Returns the pack as counted (title, supply, creator, sold count) beside the outcome, for the messages.
CREATE OR REPLACE FUNCTION mint_primary_editions(p_order_ids uuid[], p_pack_ids integer[], p_buyer_ids bigint[],
	p_prices bigint[], p_lapsed boolean[], p_acquired_with text[], p_ats timestamptz[])
	RETURNS TABLE (order_id uuid, outcome text, edition_id bigint, serial integer, title text, max_supply integer,
		creator_id bigint, sold_count integer)
	LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	i integer;
	v_highest integer;
BEGIN
	FOR i IN SELECT s.i FROM generate_subscripts(p_order_ids, 1) AS s(i) ORDER BY p_pack_ids[s.i], s.i LOOP
		order_id := p_order_ids[i];
		edition_id := NULL;
		serial := NULL;
		UPDATE packs p SET sold_count = p.sold_count + 1
			WHERE p.id = p_pack_ids[i] AND p.sold_count < p.max_supply AND p.status = 'listed'
			RETURNING p.title, p.max_supply, p.creator_id, p.sold_count INTO title, max_supply, creator_id, sold_count;
		IF NOT FOUND THEN
			outcome := 'not_counted';
		ELSIF owns_edition(p_buyer_ids[i], p_pack_ids[i]) THEN
			outcome := 'already_owned';
		ELSIF p_lapsed[i] THEN
			PERFORM lock_pack_supply(p_pack_ids[i]);
			-- This sale is counted already: none left for it reads as below zero.
			outcome := CASE WHEN editions_left(p_pack_ids[i], p_ats[i], p_order_ids[i]) < 0 THEN 'sold_out'
				ELSE 'minted' END;
		ELSE
			outcome := 'minted';
		END IF;
		IF outcome IN ('already_owned', 'sold_out') THEN
			UPDATE packs p SET sold_count = p.sold_count - 1 WHERE p.id = p_pack_ids[i];
			sold_count := sold_count - 1;
		ELSIF outcome = 'minted' THEN
			SELECT coalesce(max(e.serial), 0) INTO v_highest FROM editions e WHERE e.pack_id = p_pack_ids[i];
			serial := CASE WHEN v_highest < sold_count THEN sold_count ELSE
				(SELECT min(s) FROM generate_series(1, sold_count) s
					WHERE NOT EXISTS (SELECT 1 FROM editions x WHERE x.pack_id = p_pack_ids[i] AND x.serial = s)) END;
			INSERT INTO editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at,
					created_at)
				VALUES (p_pack_ids[i], serial, p_buyer_ids[i], p_order_ids[i], p_prices[i], p_acquired_with[i], p_ats[i],
					p_ats[i])
				RETURNING id INTO edition_id;
			INSERT INTO activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
				VALUES (p_pack_ids[i], edition_id, serial, 'mint', p_prices[i], NULL, p_buyer_ids[i], p_ats[i]);
		END IF;
		RETURN NEXT;
	END LOOP;
END
$$;
