-- The primary sales of payments settled together (core/src/resale/move-edition.ts), in one call: for each
-- order, in the order given (serials follow it), the sale counted on its pack, then its edition minted, or
-- the reason none is. Each pack's row is locked (FOR NO KEY UPDATE, as its count's update would) when its
-- first order comes, and read as the payments it waited for committed it; every statement after it runs on
-- a fresh snapshot too, so a payment of the list sees what they committed and the editions minted for the
-- ones before it. The lock is then held for one round trip for all of them. Packs are locked in the order
-- of their ids, so two lists naming the same packs cannot deadlock.
--
-- The pack's sold count is kept here while its orders go by and written once, when the next pack comes or
-- the list ends (and before a lapsed order's check, which reads it): a row updated once per sale in one
-- transaction keeps every version of it until the commit, and soon every index of packs gets a new entry
-- per sale. The count's trigger sees the whole list's sales at once.
--
-- For each order:
-- - the count: while an edition is unsold and the pack is listed (the schema's sold_count <= max_supply
--   stands behind it); else 'not_counted' and nothing more (the caller says why: removed, or sold out);
-- - 'already_owned' when the buyer holds an edition of the pack (the count is taken back);
-- - a lapsed order (p_lapsed) holds no edition any more: under the pack's supply lock, which reservations
--   take too, it gets one only while one is left beside others' live reservations, else 'sold_out' (the
--   count is taken back);
-- - 'minted': the edition and its mint in the feed (mint_edition).
-- Returns the pack as counted (title, supply, creator, sold count) beside the outcome, for the messages.
CREATE OR REPLACE FUNCTION mint_primary_editions(p_order_ids uuid[], p_pack_ids integer[], p_buyer_ids bigint[],
	p_prices bigint[], p_lapsed boolean[], p_acquired_with text[], p_ats timestamptz[])
	RETURNS TABLE (order_id uuid, outcome text, edition_id bigint, serial integer, title text, max_supply integer,
		creator_id bigint, sold_count integer)
	LANGUAGE plpgsql VOLATILE AS $$
DECLARE
	i integer;
	v_pack packs%ROWTYPE;
	v_written integer;
	v_highest integer;
BEGIN
	FOR i IN SELECT s.i FROM generate_subscripts(p_order_ids, 1) AS s(i) ORDER BY p_pack_ids[s.i], s.i LOOP
		IF v_pack.id IS DISTINCT FROM p_pack_ids[i] THEN
			PERFORM write_sold_count(v_pack.id, v_pack.sold_count, v_written);
			SELECT * INTO v_pack FROM packs p WHERE p.id = p_pack_ids[i] FOR NO KEY UPDATE;
			v_written := v_pack.sold_count;
			SELECT coalesce(max(e.serial), 0) INTO v_highest FROM editions e WHERE e.pack_id = p_pack_ids[i];
		END IF;
		order_id := p_order_ids[i];
		edition_id := NULL;
		serial := NULL;
		IF v_pack.id IS NULL OR v_pack.status <> 'listed' OR v_pack.sold_count >= v_pack.max_supply THEN
			outcome := 'not_counted';
			title := NULL; max_supply := NULL; creator_id := NULL; sold_count := NULL;
			RETURN NEXT;
			CONTINUE;
		END IF;
		v_pack.sold_count := v_pack.sold_count + 1;
		IF owns_edition(p_buyer_ids[i], v_pack.id) THEN
			outcome := 'already_owned';
		ELSIF p_lapsed[i] THEN
			v_written := write_sold_count(v_pack.id, v_pack.sold_count, v_written);
			PERFORM lock_pack_supply(v_pack.id);
			-- This sale is counted already: none left for it reads as below zero.
			outcome := CASE WHEN editions_left(v_pack.id, p_ats[i], p_order_ids[i]) < 0 THEN 'sold_out' ELSE 'minted' END;
		ELSE
			outcome := 'minted';
		END IF;
		IF outcome = 'minted' THEN
			SELECT m.edition_id, m.serial INTO edition_id, serial FROM mint_edition(v_pack.id, v_pack.sold_count, v_highest,
				p_order_ids[i], p_buyer_ids[i], p_prices[i], p_acquired_with[i], p_ats[i]) m;
			v_highest := greatest(v_highest, serial);
		ELSE
			v_pack.sold_count := v_pack.sold_count - 1;
		END IF;
		title := v_pack.title; max_supply := v_pack.max_supply; creator_id := v_pack.creator_id;
		sold_count := v_pack.sold_count;
		RETURN NEXT;
	END LOOP;
	PERFORM write_sold_count(v_pack.id, v_pack.sold_count, v_written);
END
$$;
