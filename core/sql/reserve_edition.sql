-- A reservation (core/src/orders/reserve.ts says the rules). outcome: not_found | already_owned | sold_out
-- (nothing written), existing (the buyer's live reservation, returned as it is) or created (a new order).
-- The checks run first on a plain snapshot: a refusal there is true at that moment, and in a drop most
-- buyers get one without queueing behind the lock. Only a buyer who may get an edition takes the pack's
-- supply lock (lock_pack_supply) and is checked again. "Already owns" and "editions left" are the shared
-- rules (owns_edition, editions_left).
-- p_lock_held: the caller's transaction holds the supply lock already (a batch, after a reservation).
CREATE OR REPLACE FUNCTION reserve_edition(p_user_id bigint, p_pack_id integer, p_payment_method text, p_now timestamptz,
	p_expires_at timestamptz, p_lock_held boolean, OUT outcome text, OUT reserved orders) LANGUAGE plpgsql AS $$
DECLARE
	p packs;
	owned boolean;
	live_order uuid;
	left_over bigint;
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
		SELECT owns_edition(p_user_id, pk.id),
				(SELECT o.id FROM orders o
					WHERE o.user_id = p_user_id AND o.pack_id = pk.id AND o.kind = 'primary'
						AND reservation_is_live(o.status, o.expires_at, p_now)
					ORDER BY o.created_at DESC LIMIT 1),
				editions_left(pk.id, p_now)
			INTO owned, live_order, left_over
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
		IF left_over <= 0 THEN
			outcome := 'sold_out';
			RETURN;
		END IF;
	END LOOP;
	INSERT INTO orders (user_id, pack_id, payment_method, amount_nano, expires_at, created_at)
		VALUES (p_user_id, p_pack_id, p_payment_method, p.price_nano, p_expires_at, p_now)
		RETURNING * INTO reserved;
	outcome := 'created';
END $$;
