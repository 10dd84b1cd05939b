-- Group commit. Even in one call, each write's commit (a WAL flush, milliseconds on a real disk) happens
-- with the pack still locked, so one write at a time would cap a drop at one flush per edition. The API
-- gathers the reservations of a pack, and the payments, that arrive while the previous batch runs and sends
-- them as one call: one transaction, one flush. Each element runs in its own subtransaction (the EXCEPTION
-- block): an error in one answers 'error: …' for it alone and undoes only its own writes.
CREATE OR REPLACE FUNCTION reserve_editions(p_pack_id integer, p_user_ids bigint[], p_payment_methods text[], p_nows timestamptz[],
	p_expires_at timestamptz[]) RETURNS TABLE (outcome text, reserved orders) LANGUAGE plpgsql AS $$
DECLARE
	answer record;
	lock_held boolean := false;
BEGIN
	FOR i IN 1..coalesce(array_length(p_user_ids, 1), 0) LOOP
		BEGIN
			SELECT * INTO answer
				FROM reserve_edition(p_user_ids[i], p_pack_id, p_payment_methods[i], p_nows[i], p_expires_at[i], lock_held);
			outcome := answer.outcome;
			reserved := answer.reserved;
			lock_held := lock_held OR outcome = 'created';
		EXCEPTION WHEN OTHERS THEN
			outcome := 'error: ' || SQLERRM;
			reserved := NULL;
		END;
		RETURN NEXT;
	END LOOP;
END $$;
