-- A batch of payments (core/src/orders/fulfil-primary.ts) settles in one statement, committed on its own:
-- the pack's row lock, which every buyer of a drop queues for, was held across two more round trips to the
-- API (the outbox insert, then COMMIT), and on a loaded API those waits were most of the time it was held.
-- So the function now writes the messages each payment calls for itself, from the rows the caller built
-- and checked against the outbox schemas (core/src/outbox/enqueue.ts), one list per outcome:
-- p_notices[i] = { "fulfilled": [...], "sold_out": [...], "already_owned": [...] }, each element
-- { kind, dedupeKey, payload }. The values read under the lock (the pack's title, supply and creator, the
-- serial minted) replace the payload's fields of the same name; the fields' types are the columns', so a
-- payload the caller checked stays one its schema accepts. A message and its sale commit together or not
-- at all (the element's subtransaction).
DROP FUNCTION fulfil_primary_orders(uuid[], text[], text[], timestamptz[]);
--> statement-breakpoint
CREATE FUNCTION fulfil_primary_orders(p_order_ids uuid[], p_payment_refs text[], p_payment_methods text[],
	p_nows timestamptz[], p_notices jsonb) RETURNS TABLE (outcome text, minted_serial integer, settled orders,
	pack_title text, pack_max_supply integer, pack_creator_id bigint) LANGUAGE plpgsql AS $$
DECLARE
	answer record;
BEGIN
	PERFORM 1 FROM orders o WHERE o.id = ANY (p_order_ids) ORDER BY o.id FOR UPDATE;
	PERFORM 1 FROM packs p WHERE p.id IN (SELECT o.pack_id FROM orders o WHERE o.id = ANY (p_order_ids) AND o.kind = 'primary')
		ORDER BY p.id FOR UPDATE;
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
