-- Trigger on editions: a sale's count and volume, and their reversal when an edition is taken back.
CREATE OR REPLACE FUNCTION editions_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM stats_add(OLD.pack_id, 0, 0, 0, -1, -OLD.purchase_price_nano, 0, 0);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM stats_add(NEW.pack_id, 0, 0, 0, 1, NEW.purchase_price_nano, 0, 0);
	END IF;
	RETURN NULL;
END $$;
