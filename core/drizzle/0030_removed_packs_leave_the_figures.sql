-- A pack the marketplace removed no longer counts in the marketplace's figures nor its creator's (the
-- counters' trigger functions in core/sql/ read packs.status): the trigger now fires when the status
-- changes, and the packs removed already are taken out of the counters once, with their editions.
DROP TRIGGER "packs_stats" ON "packs";--> statement-breakpoint
CREATE TRIGGER "packs_stats" AFTER INSERT OR DELETE OR UPDATE OF sold_count, max_supply, price_nano, creator_id, status
	ON "packs" FOR EACH ROW EXECUTE FUNCTION packs_stats();--> statement-breakpoint
UPDATE "creator_stats" s SET packs = s.packs - r.packs, sales = s.sales - r.sales
	FROM (SELECT creator_id, count(*) AS packs, sum(sold_count) AS sales FROM "packs" WHERE status = 'removed'
		GROUP BY creator_id) r
	WHERE s.creator_id = r.creator_id;--> statement-breakpoint
SELECT stats_add(id, -1, -((sold_count < max_supply)::int), -price_nano, 0, 0, 0, 0) FROM "packs" WHERE status = 'removed';--> statement-breakpoint
SELECT stats_add(e.pack_id, 0, 0, 0, -1, -e.purchase_price_nano, 0, 0)
	FROM "editions" e JOIN "packs" p ON p.id = e.pack_id WHERE p.status = 'removed';--> statement-breakpoint
-- A creator whose every pack is removed is a seller no more.
SELECT stats_add(abs(s.creator_id % 16)::integer, 0, 0, 0, 0, 0, 0, -1) FROM "creator_stats" s
	WHERE s.packs = 0 AND EXISTS (SELECT 1 FROM "packs" p WHERE p.creator_id = s.creator_id AND p.status = 'removed');
