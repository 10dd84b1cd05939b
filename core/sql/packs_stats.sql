-- Trigger on packs: a pack's creation, sale, price or supply change moves the marketplace's and its
-- creator's figures (triggers rather than application code, so every writer keeps them exact).
CREATE OR REPLACE FUNCTION packs_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' AND NEW.creator_id = OLD.creator_id THEN
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
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM stats_apply_pack(-1, OLD);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM stats_apply_pack(1, NEW);
	END IF;
	RETURN NULL;
END $$;
