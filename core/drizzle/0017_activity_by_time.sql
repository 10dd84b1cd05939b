-- The feeds (the marketplace's, a pack's, an edition's) are read newest first by time, ties by id: an entry
-- can be back-dated (the demo's mints, a payment settled late), so the id alone put September between
-- November entries. These serve the new order; the id-ordered ones it replaces go.
CREATE INDEX "activity_at_idx" ON "activity" ("at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "activity_pack_at_idx" ON "activity" ("pack_id", "at" DESC, "id" DESC);--> statement-breakpoint
CREATE INDEX "activity_edition_at_idx" ON "activity" ("edition_id", "at" DESC, "id" DESC);--> statement-breakpoint
DROP INDEX "activity_pack_idx";--> statement-breakpoint
DROP INDEX "activity_edition_idx";
