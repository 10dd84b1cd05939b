-- Trigger on editions: a sale's count and volume, and their reversal when an edition is taken back. An
-- edition of a removed pack counts nowhere (its pack's removal took its editions out of the figures).
CREATE OR REPLACE FUNCTION editions_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM packs WHERE id = OLD.pack_id AND status = 'listed') THEN
		PERFORM stats_add(OLD.pack_id, 0, 0, 0, -1, -OLD.purchase_price_nano, 0, 0);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND EXISTS (SELECT 1 FROM packs WHERE id = NEW.pack_id AND status = 'listed') THEN
		PERFORM stats_add(NEW.pack_id, 0, 0, 0, 1, NEW.purchase_price_nano, 0, 0);
	END IF;
	RETURN NULL;
END $$;
