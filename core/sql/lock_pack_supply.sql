-- A pack's supply has a lock of its own. Sold plus live reservations never exceed max_supply; were the pack's
-- row lock to keep that, in a drop every reservation would queue behind every payment (and each payment
-- behind the reservations), though paying a live reservation leaves the sum as it is: it turns a
-- reservation into a sale. So:
-- - whatever can raise the sum takes lock_pack_supply, a transaction-level advisory lock on the pack: a new
--   reservation (reserve_edition), and a payment for a lapsed one (mint_primary_editions), which counts;
-- - payments take the pack's row in FOR NO KEY UPDATE, for the sold count and the next serial: payments of
--   a pack still go one at a time, and a reservation's foreign-key check (FOR KEY SHARE) no longer waits
--   for them;
-- - a reservation makes its checks (owned, reserved, sold plus live) in one snapshot, so a payment
--   committing meanwhile cannot make it count one edition twice or not at all.
-- Lock order: a payment takes its orders, then the pack's row, then (lapsed) the supply lock; a reservation
-- takes the supply lock, then the pack's row in FOR KEY SHARE (its foreign key would), which a payment's FOR
-- NO KEY UPDATE does not block: a reservation waits for nothing a payment holds, and the two never deadlock.
CREATE OR REPLACE FUNCTION lock_pack_supply(p_pack_id integer) RETURNS void LANGUAGE sql AS $$
	SELECT pg_advisory_xact_lock(hashtextextended('pack-supply:' || p_pack_id, 0))
$$;
