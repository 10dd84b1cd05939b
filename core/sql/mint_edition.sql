-- One edition of a primary sale, for mint_primary_editions under the pack's row lock, its sale counted
-- already: the serial is the sold count, or, while a revoked edition left a gap below the highest serial,
-- the lowest gap; the edition and its mint in the feed (with the price paid) are written.
CREATE OR REPLACE FUNCTION mint_edition(p_pack_id integer, p_sold integer, p_highest integer, p_order_id uuid,
	p_buyer_id bigint, p_price bigint, p_acquired_with text, p_at timestamptz, OUT edition_id bigint, OUT serial integer)
	LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	serial := CASE WHEN p_highest < p_sold THEN p_sold ELSE
		(SELECT min(s) FROM generate_series(1, p_sold) s
			WHERE NOT EXISTS (SELECT 1 FROM editions x WHERE x.pack_id = p_pack_id AND x.serial = s)) END;
	INSERT INTO editions (pack_id, serial, owner_id, order_id, purchase_price_nano, acquired_with, acquired_at, created_at)
		VALUES (p_pack_id, serial, p_buyer_id, p_order_id, p_price, p_acquired_with, p_at, p_at)
		RETURNING id INTO edition_id;
	INSERT INTO activity (pack_id, edition_id, serial, type, price_nano, from_id, to_id, at)
		VALUES (p_pack_id, edition_id, serial, 'mint', p_price, NULL, p_buyer_id, p_at);
END
$$;
