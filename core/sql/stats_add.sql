-- Marketplace figures kept by the transactions that change them (the triggers below call this). The counters
-- are split into 16 slots (a row's id modulo 16) and read as their sum: sales of different packs update
-- different rows instead of queueing on one. Lock order in every trigger: creator_stats, then one slot.
CREATE OR REPLACE FUNCTION stats_add(p_slot integer, d_packs bigint, d_listings bigint, d_price numeric, d_sales bigint,
	d_volume numeric, d_creators bigint, d_sellers bigint) RETURNS void LANGUAGE sql AS $$
	INSERT INTO marketplace_counters AS c (slot, packs, listings, price_sum, sales, volume, creators, sellers)
	VALUES (p_slot % 16, d_packs, d_listings, d_price, d_sales, d_volume, d_creators, d_sellers)
	ON CONFLICT (slot) DO UPDATE SET packs = c.packs + d_packs, listings = c.listings + d_listings,
		price_sum = c.price_sum + d_price, sales = c.sales + d_sales, volume = c.volume + d_volume,
		creators = c.creators + d_creators, sellers = c.sellers + d_sellers;
$$;
