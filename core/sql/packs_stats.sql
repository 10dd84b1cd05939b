-- Trigger on packs: a pack's creation, sale, price or supply change moves the marketplace's and its
-- creator's figures (triggers rather than application code, so every writer keeps them exact). Only a
-- listed pack counts: one the marketplace removes leaves every figure with its editions' sales, and comes
-- back into them, as it is then, if it is restored.
CREATE OR REPLACE FUNCTION packs_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id AND NEW.status = OLD.status THEN
		-- A removed pack counts nowhere, whatever changes on it meanwhile.
		IF NEW.status <> 'listed' THEN
			RETURN NULL;
		END IF;
		-- The hot path (a sale): deltas only, and nothing written for what did not change.
		IF NEW.sold_count <> OLD.sold_count THEN
			UPDATE creator_stats SET sales = sales + (NEW.sold_count - OLD.sold_count) WHERE creator_id = NEW.creator_id;
		END IF;
		IF (NEW.sold_count < NEW.max_supply) <> (OLD.sold_count < OLD.max_supply) OR NEW.price_nano <> OLD.price_nano THEN
			PERFORM stats_add(NEW.id, 0,
				(NEW.sold_count < NEW.max_supply)::int - (OLD.sold_count < OLD.max_supply)::int,
				NEW.price_nano - OLD.price_nano, 0, 0, 0, 0);
		END IF;
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'listed' THEN
		PERFORM stats_apply_pack(-1, OLD);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.status = 'listed' THEN
		PERFORM stats_apply_pack(1, NEW);
	END IF;
	RETURN NULL;
END $$;
