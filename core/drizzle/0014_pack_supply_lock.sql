-- A pack's supply gets a lock of its own. Sold plus live reservations never exceed max_supply; until now the
-- pack's row lock kept that, so in a drop every reservation queued behind every payment batch (and each
-- batch behind the reservations), though paying a live reservation leaves the sum as it is: it turns a
-- reservation into a sale. Now:
-- - whatever can raise the sum takes lock_pack_supply, a transaction-level advisory lock on the pack: a new
--   reservation (reserve_edition), and a payment for a lapsed one (fulfil_primary_order), which counts;
-- - payments take the pack's row in FOR NO KEY UPDATE, for the sold count and the next serial: payments of
--   a pack still go one at a time, and a reservation's foreign-key check (FOR KEY SHARE) no longer waits
--   for them;
-- - a reservation makes its checks (owned, reserved, sold plus live) in one snapshot, so a payment
--   committing meanwhile cannot make it count one edition twice or not at all.
-- Lock order: a payment takes its orders, then the pack's row, then (lapsed) the supply lock; a reservation
-- takes the supply lock, then the pack's row in FOR KEY SHARE (its foreign key would), which a payment's FOR
-- NO KEY UPDATE does not block: a reservation waits for nothing a payment holds, and the two never deadlock.
CREATE FUNCTION lock_pack_supply(p_pack_id integer) RETURNS void LANGUAGE sql AS $$
	SELECT pg_advisory_xact_lock(hashtextextended('pack-supply:' || p_pack_id, 0))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION reserve_edition(p_user_id bigint, p_pack_id integer, p_payment_method text, p_now timestamptz,
	p_expires_at timestamptz, p_lock_held boolean, OUT outcome text, OUT reserved orders) LANGUAGE plpgsql AS $$
DECLARE
	p packs;
	owned boolean;
	live_order uuid;
	taken bigint;
BEGIN
	FOR locked IN (CASE WHEN p_lock_held THEN 1 ELSE 0 END)..1 LOOP
		IF locked = 0 THEN
			SELECT * INTO p FROM packs WHERE id = p_pack_id;
		ELSE
			IF NOT p_lock_held THEN
				PERFORM lock_pack_supply(p_pack_id);
			END IF;
			-- The row lock the new order's foreign key takes anyway, taken before the insert locks the orders
			-- table: a session holding the pack's row that then waits for that table cannot deadlock with us.
			SELECT * INTO p FROM packs WHERE id = p_pack_id FOR KEY SHARE;
		END IF;
		IF NOT FOUND THEN
			outcome := 'not_found';
			RETURN;
		END IF;
		-- One snapshot for every check: a payment settling meanwhile turns the buyer's live reservation into an
		-- edition, and a live reservation into a sale, in one commit, so the answer is right on either side of it.
		SELECT EXISTS (SELECT 1 FROM editions e WHERE e.owner_id = p_user_id AND e.pack_id = pk.id),
				(SELECT o.id FROM orders o
					WHERE o.user_id = p_user_id AND o.pack_id = pk.id AND o.kind = 'primary'
						AND reservation_is_live(o.status, o.expires_at, p_now)
					ORDER BY o.created_at DESC LIMIT 1),
				pk.sold_count + (SELECT count(*) FROM orders o
					WHERE o.pack_id = pk.id AND o.kind = 'primary' AND reservation_is_live(o.status, o.expires_at, p_now))
			INTO owned, live_order, taken
			FROM packs pk WHERE pk.id = p_pack_id;
		IF owned THEN
			outcome := 'already_owned';
			RETURN;
		END IF;
		IF live_order IS NOT NULL THEN
			SELECT * INTO reserved FROM orders WHERE id = live_order;
			outcome := 'existing';
			RETURN;
		END IF;
		IF taken >= p.max_supply THEN
			outcome := 'sold_out';
			RETURN;
		END IF;
	END LOOP;
	INSERT INTO orders (user_id, pack_id, payment_method, amount_nano, expires_at, created_at)
		VALUES (p_user_id, p_pack_id, p_payment_method, p.price_nano, p_expires_at, p_now)
		RETURNING * INTO reserved;
	outcome := 'created';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fulfil_primary_order(p_order_id uuid, p_payment_ref text, p_payment_method text, p_now timestamptz,
	OUT outcome text, OUT minted_serial integer, OUT settled orders, OUT pack_title text,
	OUT pack_max_supply integer, OUT pack_creator_id bigint) LANGUAGE plpgsql AS $$
DECLARE
	o orders;
	p packs;
	method text;
	live integer;
	highest integer;
	new_edition integer;
BEGIN
	SELECT * INTO o FROM orders WHERE id = p_order_id FOR UPDATE;
	IF NOT FOUND THEN
		outcome := 'missing';
		RETURN;
	END IF;
	IF o.kind <> 'primary' OR o.status NOT IN ('reserved', 'expired') THEN
		outcome := 'other';
		RETURN;
	END IF;
	method := coalesce(p_payment_method, o.payment_method);
	IF payment_ref_taken(method, p_payment_ref, o.id) THEN
		outcome := 'ref_conflict';
		RETURN;
	END IF;

	SELECT * INTO p FROM packs WHERE id = o.pack_id FOR NO KEY UPDATE;
	pack_title := p.title;
	pack_max_supply := p.max_supply;
	pack_creator_id := p.creator_id;
	IF EXISTS (SELECT 1 FROM editions e WHERE e.owner_id = o.user_id AND e.pack_id = p.id) THEN
		outcome := 'already_owned';
	ELSIF reservation_is_live(o.status, o.expires_at, p_now) THEN
		-- A live reservation holds its edition: sold plus live reservations never exceed the supply, so no
		-- count is needed (the schema's sold_count <= max_supply still backs this up).
		NULL;
	ELSE
		-- A lapsed one buys an edition only if one is left beside the others' live reservations: counted under
		-- the supply lock, which new reservations take too.
		PERFORM lock_pack_supply(p.id);
		SELECT count(*) INTO live FROM orders x
			WHERE x.pack_id = p.id AND x.kind = 'primary' AND reservation_is_live(x.status, x.expires_at, p_now)
				AND x.id <> o.id;
		IF p.sold_count + live >= p.max_supply THEN
			outcome := 'sold_out';
		END IF;
	END IF;
	IF outcome IS NOT NULL THEN
		UPDATE orders SET status = 'refund_required', payment_method = method, payment_ref = p_payment_ref
			WHERE id = o.id RETURNING * INTO settled;
		RETURN;
	END IF;

	-- Serials run 1…max_supply in the order payments settle, except that a serial freed by a revoked edition
	-- (Stars Telegram refunded, migration 0006) goes out again first: the lowest free one. Editions are only
	-- added or removed under this lock, so while none is free the highest serial equals the number sold.
	SELECT max(e.serial) INTO highest FROM editions e WHERE e.pack_id = p.id;
	IF highest IS NULL OR highest <= p.sold_count THEN
		minted_serial := p.sold_count + 1;
	ELSE
		SELECT s INTO minted_serial FROM generate_series(1, highest) s
			WHERE NOT EXISTS (SELECT 1 FROM editions e WHERE e.pack_id = p.id AND e.serial = s) ORDER BY s LIMIT 1;
		IF minted_serial IS NULL THEN
			RAISE EXCEPTION 'Pack % has % editions sold but no free serial below %', p.id, p.sold_count, highest;
		END IF;
	END IF;
	UPDATE packs SET sold_count = sold_count + 1 WHERE id = p.id;
	-- acquired_with/at: how and when the owner paid, read by the Stars resale lock (migration 0006).
	-- created_at too from p_now, like every other time this sale writes (it was the database's clock).
	INSERT INTO editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at, created_at)
		VALUES (p.id, minted_serial, o.user_id, o.id, o.amount_nano, method, p_now, p_now) RETURNING id INTO new_edition;
	INSERT INTO activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
		VALUES (p.id, new_edition, minted_serial, 'mint', o.amount_nano, NULL, o.user_id, p_now);
	UPDATE orders SET status = 'paid', paid_at = p_now, payment_method = method, payment_ref = p_payment_ref
		WHERE id = o.id RETURNING * INTO settled;
	outcome := 'fulfilled';
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION fulfil_primary_orders(p_order_ids uuid[], p_payment_refs text[], p_payment_methods text[],
	p_nows timestamptz[], p_notices jsonb) RETURNS TABLE (outcome text, minted_serial integer, settled orders,
	pack_title text, pack_max_supply integer, pack_creator_id bigint) LANGUAGE plpgsql AS $$
DECLARE
	answer record;
BEGIN
	PERFORM 1 FROM orders o WHERE o.id = ANY (p_order_ids) ORDER BY o.id FOR UPDATE;
	PERFORM 1 FROM packs p WHERE p.id IN (SELECT o.pack_id FROM orders o WHERE o.id = ANY (p_order_ids) AND o.kind = 'primary')
		ORDER BY p.id FOR NO KEY UPDATE;
	FOR i IN 1..coalesce(array_length(p_order_ids, 1), 0) LOOP
		BEGIN
			SELECT * INTO answer FROM fulfil_primary_order(p_order_ids[i], p_payment_refs[i], p_payment_methods[i], p_nows[i]);
			INSERT INTO outbox (kind, dedupe_key, payload)
				SELECT n.kind, n."dedupeKey", n.payload || (
					SELECT coalesce(jsonb_object_agg(locked.key, locked.value), '{}')
					FROM jsonb_each(jsonb_build_object('title', answer.pack_title, 'maxSupply', answer.pack_max_supply,
						'creatorId', answer.pack_creator_id, 'serial', answer.minted_serial)) AS locked
					WHERE n.payload ? locked.key)
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
