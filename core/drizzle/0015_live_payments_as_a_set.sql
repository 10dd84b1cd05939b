-- A drop's payments settle as a set. fulfil_primary_orders settled a batch one payment at a time, each in a
-- subtransaction running ten statements and two triggers, under the pack's row lock: in a drop that lock
-- is held for most of the time, and every payment of the pack waits for it. When every payment of a batch
-- of two or more is for a live reservation that is free to be paid (every such batch of a drop),
-- fulfil_live_primary_orders now settles them in one statement per table: one update of the pack's sold
-- count, one insert of the editions, one of their mints in the activity feed, one update of the orders,
-- one insert of their messages. The answers, the serials (in the batch's order, after the pack's sold
-- count) and the rows written are those the one-at-a-time path would write: it stays for every other batch,
-- and for this one if anything here fails.
CREATE TYPE live_primary_sale AS (minted_serial integer, settled orders, pack_title text, pack_max_supply integer,
	pack_creator_id bigint);
--> statement-breakpoint
-- A sale's message as the caller built and checked it (migration 0013), with what was read under the lock
-- (the pack's title, supply and creator, the serial minted) over its fields of the same name; a field the
-- message does not have is not added. Both paths below write their messages through it.
CREATE FUNCTION sale_notice_payload(p_payload jsonb, p_title text, p_max_supply integer, p_creator_id bigint,
	p_serial integer) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
	SELECT p_payload || coalesce((
		SELECT jsonb_object_agg(locked.key, locked.value)
		FROM jsonb_each(jsonb_build_object('title', p_title, 'maxSupply', p_max_supply, 'creatorId', p_creator_id,
			'serial', p_serial)) AS locked
		WHERE p_payload ? locked.key), '{}')
$$;
--> statement-breakpoint
-- No rows unless every payment qualifies: each order primary, reserved and live at its payment's time, no
-- two payments for one order, one reference, or one buyer of a pack; the reference spent by no other order;
-- the buyer owning no edition of the pack; no serial freed below the sold count (a revoked edition's goes out
-- again first, which the one-at-a-time path does); the supply not exceeded. The caller holds the orders' and
-- packs' row locks.
CREATE FUNCTION fulfil_live_primary_orders(p_order_ids uuid[], p_payment_refs text[], p_payment_methods text[],
	p_nows timestamptz[], p_notices jsonb) RETURNS SETOF live_primary_sale LANGUAGE plpgsql AS $$
DECLARE
	qualifying integer;
	payments integer := cardinality(p_order_ids);
BEGIN
	SELECT count(*) INTO qualifying
	FROM (
		SELECT b.*, count(*) OVER (PARTITION BY b.order_id) AS same_order,
			count(*) OVER (PARTITION BY b.method, b.ref) AS same_ref,
			count(*) OVER (PARTITION BY b.user_id, b.pack_id) AS same_buyer,
			count(*) OVER (PARTITION BY b.pack_id) AS of_pack
		FROM (
			SELECT u.order_id, u.ref, o.user_id, o.pack_id, coalesce(u.method, o.payment_method) AS method
			FROM unnest(p_order_ids, p_payment_refs, p_payment_methods, p_nows) AS u(order_id, ref, method, at)
			JOIN orders o ON o.id = u.order_id
			WHERE o.kind = 'primary' AND reservation_is_live(o.status, o.expires_at, u.at)
		) b
	) c
	JOIN packs p ON p.id = c.pack_id
	WHERE c.same_order = 1 AND c.same_ref = 1 AND c.same_buyer = 1
		AND NOT payment_ref_taken(c.method, c.ref, c.order_id)
		AND NOT EXISTS (SELECT 1 FROM editions e WHERE e.owner_id = c.user_id AND e.pack_id = c.pack_id)
		AND NOT EXISTS (SELECT 1 FROM editions e WHERE e.pack_id = c.pack_id AND e.serial > p.sold_count)
		AND p.sold_count + c.of_pack <= p.max_supply;
	IF qualifying <> payments THEN
		RETURN;
	END IF;

	RETURN QUERY
	WITH sale AS MATERIALIZED (
		SELECT u.i, u.order_id, u.ref, u.at, o.user_id, o.pack_id, o.amount_nano,
			coalesce(u.method, o.payment_method) AS method, p.title, p.max_supply, p.creator_id,
			(p.sold_count + row_number() OVER (PARTITION BY o.pack_id ORDER BY u.i))::integer AS serial
		FROM unnest(p_order_ids, p_payment_refs, p_payment_methods, p_nows) WITH ORDINALITY AS u(order_id, ref, method, at, i)
		JOIN orders o ON o.id = u.order_id
		JOIN packs p ON p.id = o.pack_id
	), sold AS (
		UPDATE packs p SET sold_count = p.sold_count + n.sold
		FROM (SELECT pack_id, count(*) AS sold FROM sale GROUP BY pack_id) n WHERE p.id = n.pack_id
	), minted AS (
		INSERT INTO editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at,
			created_at)
		SELECT pack_id, serial, user_id, order_id, amount_nano, method, at, at FROM sale ORDER BY i
		RETURNING id, order_id
	), feed AS (
		INSERT INTO activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
		SELECT s.pack_id, m.id, s.serial, 'mint', s.amount_nano, NULL, s.user_id, s.at
		FROM sale s JOIN minted m ON m.order_id = s.order_id ORDER BY s.i
	), told AS (
		INSERT INTO outbox (kind, dedupe_key, payload)
		SELECT n.kind, n."dedupeKey", sale_notice_payload(n.payload, s.title, s.max_supply, s.creator_id, s.serial)
		FROM sale s,
			jsonb_to_recordset(p_notices -> (s.i::integer - 1) -> 'fulfilled') AS n(kind text, "dedupeKey" text, payload jsonb)
		ORDER BY s.i
		ON CONFLICT (dedupe_key) DO NOTHING
	), paid AS (
		UPDATE orders o SET status = 'paid', paid_at = s.at, payment_method = s.method, payment_ref = s.ref
		FROM sale s WHERE o.id = s.order_id
		RETURNING o.*
	)
	SELECT s.serial, paid::orders, s.title, s.max_supply, s.creator_id
	FROM sale s JOIN paid ON paid.id = s.order_id ORDER BY s.i;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fulfil_primary_orders(p_order_ids uuid[], p_payment_refs text[], p_payment_methods text[],
	p_nows timestamptz[], p_notices jsonb) RETURNS TABLE (outcome text, minted_serial integer, settled orders,
	pack_title text, pack_max_supply integer, pack_creator_id bigint) LANGUAGE plpgsql AS $$
DECLARE
	answer record;
	sale live_primary_sale;
	whole_batch live_primary_sale[] := '{}';
BEGIN
	PERFORM 1 FROM orders o WHERE o.id = ANY (p_order_ids) ORDER BY o.id FOR UPDATE;
	PERFORM 1 FROM packs p WHERE p.id IN (SELECT o.pack_id FROM orders o WHERE o.id = ANY (p_order_ids) AND o.kind = 'primary')
		ORDER BY p.id FOR NO KEY UPDATE;
	-- A drop's batch: every payment a live reservation, settled together (fulfil_live_primary_orders).
	IF coalesce(array_length(p_order_ids, 1), 0) > 1 THEN
		BEGIN
			FOR sale IN
				SELECT * FROM fulfil_live_primary_orders(p_order_ids, p_payment_refs, p_payment_methods, p_nows, p_notices)
			LOOP
				whole_batch := whole_batch || sale;
			END LOOP;
		EXCEPTION WHEN OTHERS THEN
			-- Nothing of it was written (its subtransaction is gone): the loop below settles them one by one.
			RAISE WARNING 'fulfil_live_primary_orders failed, settling one by one: %', SQLERRM;
			whole_batch := '{}';
		END;
		IF cardinality(whole_batch) > 0 THEN
			FOREACH sale IN ARRAY whole_batch LOOP
				outcome := 'fulfilled';
				minted_serial := sale.minted_serial;
				settled := sale.settled;
				pack_title := sale.pack_title;
				pack_max_supply := sale.pack_max_supply;
				pack_creator_id := sale.pack_creator_id;
				RETURN NEXT;
			END LOOP;
			RETURN;
		END IF;
	END IF;
	FOR i IN 1..coalesce(array_length(p_order_ids, 1), 0) LOOP
		BEGIN
			SELECT * INTO answer FROM fulfil_primary_order(p_order_ids[i], p_payment_refs[i], p_payment_methods[i], p_nows[i]);
			INSERT INTO outbox (kind, dedupe_key, payload)
				SELECT n.kind, n."dedupeKey", sale_notice_payload(n.payload, answer.pack_title, answer.pack_max_supply,
					answer.pack_creator_id, answer.minted_serial)
				FROM jsonb_to_recordset(p_notices -> (i - 1) -> answer.outcome) AS n(kind text, "dedupeKey" text, payload jsonb)
				ON CONFLICT (dedupe_key) DO NOTHING;
			outcome := answer.outcome;
			minted_serial := answer.minted_serial;
			settled := answer.settled;
			pack_title := answer.pack_title;
			pack_max_supply := answer.pack_max_supply;
			pack_creator_id := answer.pack_creator_id;
		EXCEPTION WHEN OTHERS THEN
			outcome := 'error: ' || SQLERRM;
			minted_serial := NULL;
			settled := NULL;
			pack_title := NULL;
			pack_max_supply := NULL;
			pack_creator_id := NULL;
		END;
		RETURN NEXT;
	END LOOP;
END $$;
