-- Trigger on users: the number of creators.
CREATE OR REPLACE FUNCTION users_stats() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	delta integer := 0;
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_creator THEN
		delta := delta - 1;
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.is_creator THEN
		delta := delta + 1;
	END IF;
	IF delta <> 0 THEN
		PERFORM stats_add(abs(coalesce(NEW.id, OLD.id) % 16)::integer, 0, 0, 0, 0, 0, delta, 0);
	END IF;
	RETURN NULL;
END $$;
