-- One home for the sale rules the TypeScript and the locked writes share (issue 21): a live reservation and
-- a payment reference already spent. Both are plain SQL functions; Postgres inlines reservation_is_live into
-- the query that calls it (checked with EXPLAIN: the orders indexes still serve). core/src/sales/rules.ts is
-- the one way TypeScript names them. The functions of 0007 that wrote these rules out are replaced to call
-- them, and no longer write the outbox: fulfil_primary_order answers what it did with the pack's details,
-- and core/src/orders/fulfil-primary.ts queues the messages in the same transaction, through the outbox's
-- one writer and its zod schemas.

-- A reservation holds its edition while it is unpaid and before its expiry.
CREATE FUNCTION reservation_is_live(status text, expires_at timestamptz, at timestamptz) RETURNS boolean
	LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT status = 'reserved' AND expires_at > at $$;
--> statement-breakpoint
-- One payment reference settles one order: taken when another order already carries it.
CREATE FUNCTION payment_ref_taken(p_method text, p_ref text, p_order_id uuid) RETURNS boolean
	LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT EXISTS (SELECT 1 FROM orders x WHERE x.payment_method = p_method AND x.payment_ref = p_ref AND x.id <> p_order_id)
$$;
--> statement-breakpoint
-- A reservation (core/src/orders/reserve.ts says the rules). outcome: not_found | already_owned | sold_out
-- (nothing written), existing (the buyer's live reservation, returned as it is) or created (a new order).
-- The checks run first on a plain snapshot: a refusal there is true at that moment, and in a drop most
-- buyers get one without queueing behind the lock. Only a buyer who may get an edition takes the lock and
-- is checked again.
-- p_lock_held: the caller's transaction holds the pack's row lock already (a batch, after a reservation).
CREATE OR REPLACE FUNCTION reserve_edition(p_user_id bigint, p_pack_id integer, p_payment_method text, p_now timestamptz,
	p_expires_at timestamptz, p_lock_held boolean, OUT outcome text, OUT reserved orders) LANGUAGE plpgsql AS $$
DECLARE
	p packs;
	live integer;
BEGIN
	FOR locked IN (CASE WHEN p_lock_held THEN 1 ELSE 0 END)..1 LOOP
		IF locked = 0 THEN
			SELECT * INTO p FROM packs WHERE id = p_pack_id;
		ELSE
			SELECT * INTO p FROM packs WHERE id = p_pack_id FOR UPDATE;
		END IF;
		IF NOT FOUND THEN
			outcome := 'not_found';
			RETURN;
		END IF;
		IF EXISTS (SELECT 1 FROM editions e WHERE e.owner_id = p_user_id AND e.pack_id = p_pack_id) THEN
			outcome := 'already_owned';
			RETURN;
		END IF;
		SELECT * INTO reserved FROM orders o
			WHERE o.user_id = p_user_id AND o.pack_id = p_pack_id AND o.kind = 'primary'
				AND reservation_is_live(o.status, o.expires_at, p_now)
			ORDER BY o.created_at DESC LIMIT 1;
		IF FOUND THEN
			outcome := 'existing';
			RETURN;
		END IF;
		SELECT count(*) INTO live FROM orders o
			WHERE o.pack_id = p_pack_id AND o.kind = 'primary' AND reservation_is_live(o.status, o.expires_at, p_now);
		IF p.sold_count + live >= p.max_supply THEN
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
-- A payment for a primary order that is reserved or expired (core/src/orders/fulfil.ts says the rules):
-- with the order and then the pack locked, either an edition with the next serial, the order paid and a
-- mint in the activity feed (outcome fulfilled), or the order marked refund_required (outcome sold_out or
-- already_owned). Nothing is written for missing (no such order), ref_conflict (the payment settled another
-- order) and other (a resale or an already settled order: the caller's general path handles those).
-- `settled` is the order afterwards; pack_title, pack_max_supply and pack_creator_id are the pack's, for the
-- messages the caller queues in the same transaction.
DROP FUNCTION fulfil_primary_orders(uuid[], text[], text[], timestamptz[]);
--> statement-breakpoint
DROP FUNCTION fulfil_primary_order(uuid, text, text, timestamptz);
--> statement-breakpoint
CREATE FUNCTION fulfil_primary_order(p_order_id uuid, p_payment_ref text, p_payment_method text, p_now timestamptz,
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

	SELECT * INTO p FROM packs WHERE id = o.pack_id FOR UPDATE;
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
		-- A lapsed one buys an edition only if one is left beside the others' live reservations.
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
--> statement-breakpoint
-- Payments are settled in the order given (serials follow it). Every order of the batch is locked first, by
-- id, then their packs, by id: two batches, or a batch and the general path (order, then pack), always
-- lock in the same order and never deadlock.
CREATE FUNCTION fulfil_primary_orders(p_order_ids uuid[], p_payment_refs text[], p_payment_methods text[],
	p_nows timestamptz[]) RETURNS TABLE (outcome text, minted_serial integer, settled orders, pack_title text,
	pack_max_supply integer, pack_creator_id bigint) LANGUAGE plpgsql AS $$
DECLARE
	answer record;
BEGIN
	PERFORM 1 FROM orders o WHERE o.id = ANY (p_order_ids) ORDER BY o.id FOR UPDATE;
	PERFORM 1 FROM packs p WHERE p.id IN (SELECT o.pack_id FROM orders o WHERE o.id = ANY (p_order_ids) AND o.kind = 'primary')
		ORDER BY p.id FOR UPDATE;
	FOR i IN 1..coalesce(array_length(p_order_ids, 1), 0) LOOP
		BEGIN
			SELECT * INTO answer FROM fulfil_primary_order(p_order_ids[i], p_payment_refs[i], p_payment_methods[i], p_nows[i]);
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
