-- A pack's sold count as mint_primary_editions kept it, written when it differs from what was last written
-- (p_written); answers the count now written. Nothing for no pack (an empty list, a pack not found).
CREATE OR REPLACE FUNCTION write_sold_count(p_pack_id integer, p_sold integer, p_written integer)
	RETURNS integer LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	IF p_pack_id IS NOT NULL AND p_sold IS DISTINCT FROM p_written THEN
		UPDATE packs SET sold_count = p_sold WHERE id = p_pack_id;
	END IF;
	RETURN p_sold;
END
$$;
