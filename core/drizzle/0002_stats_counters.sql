-- Marketplace and creator figures kept up to date by the transactions that change them, so reading them
-- costs a handful of rows instead of a scan of every pack and edition. Triggers rather than application
-- code: every writer (fulfilment, uploads, seeds, fixtures, other features' SQL) keeps them exact.
--
-- marketplace_counters is split into 16 slots (a row's id modulo 16) and read as their sum: sales of
-- different packs update different rows instead of queueing on one. Rows are upserted on first use.
-- Lock order in every trigger is creator_stats, then one counters slot, so two writers never deadlock.
CREATE TABLE "marketplace_counters" (
	"slot" smallint PRIMARY KEY NOT NULL,
	"packs" bigint DEFAULT 0 NOT NULL,
	"listings" bigint DEFAULT 0 NOT NULL,
	"price_sum" numeric DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL,
	"volume" numeric DEFAULT 0 NOT NULL,
	"creators" bigint DEFAULT 0 NOT NULL,
	"sellers" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "creator_stats" (
	"creator_id" bigint PRIMARY KEY NOT NULL,
	"packs" integer DEFAULT 0 NOT NULL,
	"sales" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION stats_add(p_slot integer, d_packs bigint, d_listings bigint, d_price numeric, d_sales bigint,
	d_volume numeric, d_creators bigint, d_sellers bigint) RETURNS void LANGUAGE sql AS $$
	INSERT INTO marketplace_counters AS c (slot, packs, listings, price_sum, sales, volume, creators, sellers)
	VALUES (p_slot % 16, d_packs, d_listings, d_price, d_sales, d_volume, d_creators, d_sellers)
	ON CONFLICT (slot) DO UPDATE SET packs = c.packs + d_packs, listings = c.listings + d_listings,
		price_sum = c.price_sum + d_price, sales = c.sales + d_sales, volume = c.volume + d_volume,
		creators = c.creators + d_creators, sellers = c.sellers + d_sellers;
$$;
--> statement-breakpoint
-- A pack row counted in (sign 1) or out (sign -1): its creator's figures, then the marketplace's.
CREATE FUNCTION stats_apply_pack(p_sign integer, p packs) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	remaining integer;
BEGIN
	INSERT INTO creator_stats AS s (creator_id, packs, sales) VALUES (p.creator_id, p_sign, p_sign * p.sold_count)
	ON CONFLICT (creator_id) DO UPDATE SET packs = s.packs + excluded.packs, sales = s.sales + excluded.sales
	RETURNING s.packs INTO remaining;
	-- A creator is a seller from their first pack until their last one is gone.
	PERFORM stats_add(p.id, p_sign, p_sign * (p.sold_count < p.max_supply)::int, p_sign * p.price_nano, 0, 0, 0,
		CASE WHEN (p_sign = 1 AND remaining = 1) OR (p_sign = -1 AND remaining = 0) THEN p_sign ELSE 0 END);
END $$;
--> statement-breakpoint
CREATE FUNCTION packs_stats() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
-- UPDATE OF: views, likes and trending score changes do not fire it at all.
CREATE TRIGGER packs_stats AFTER INSERT OR DELETE OR UPDATE OF sold_count, max_supply, price_nano, creator_id
	ON packs FOR EACH ROW EXECUTE FUNCTION packs_stats();
--> statement-breakpoint
CREATE FUNCTION editions_stats() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		PERFORM stats_add(OLD.pack_id, 0, 0, 0, -1, -OLD.purchase_price_nano, 0, 0);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		PERFORM stats_add(NEW.pack_id, 0, 0, 0, 1, NEW.purchase_price_nano, 0, 0);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER editions_stats AFTER INSERT OR DELETE OR UPDATE OF pack_id, purchase_price_nano
	ON editions FOR EACH ROW EXECUTE FUNCTION editions_stats();
--> statement-breakpoint
CREATE FUNCTION users_stats() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER users_stats AFTER INSERT OR DELETE OR UPDATE OF is_creator
	ON users FOR EACH ROW EXECUTE FUNCTION users_stats();
--> statement-breakpoint
-- Existing rows, counted once.
INSERT INTO creator_stats (creator_id, packs, sales)
	SELECT creator_id, count(*), coalesce(sum(sold_count), 0) FROM packs GROUP BY creator_id;
--> statement-breakpoint
SELECT stats_add(id::integer % 16, 1, (sold_count < max_supply)::int, price_nano, 0, 0, 0, 0) FROM packs;
--> statement-breakpoint
SELECT stats_add(pack_id % 16, 0, 0, 0, 1, purchase_price_nano, 0, 0) FROM editions;
--> statement-breakpoint
SELECT stats_add(abs(id % 16)::integer, 0, 0, 0, 0, 0, 1, 0) FROM users WHERE is_creator;
--> statement-breakpoint
SELECT stats_add(abs(creator_id % 16)::integer, 0, 0, 0, 0, 0, 0, 1) FROM creator_stats WHERE packs > 0;
