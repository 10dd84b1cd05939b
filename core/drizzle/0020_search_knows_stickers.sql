-- Search knows stickers: a pack is found by its tags and by each sticker's keywords and emoji, not only by
-- its title, description and creator. The words are kept on the pack (refreshed whenever its stickers are
-- written, core/src/packs/search-facts.ts) so one row answers a search without reading its stickers:
-- `search_words` (tags and keywords, lower case) feeds Postgres' text search beside the title and the
-- description, weighted title first; emoji are not words to the text parser, so they are an array of their
-- own (without the emoji presentation selector, so "❤" finds "❤️"). The formats answer the format filter.
-- pg_trgm finds a title through a typo; PGlite ships it as a contrib extension, loaded wherever it opens.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "search_words" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "sticker_emoji" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "sticker_formats" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('simple', "title"), 'A')
  || setweight(to_tsvector('simple', "search_words"), 'B')
  || setweight(to_tsvector('simple', "description"), 'C')
) STORED;--> statement-breakpoint
UPDATE "packs" p SET
  "search_words" = lower(array_to_string(p."tags" || array(
    SELECT unnest(s."keywords") FROM "pack_stickers" s WHERE s."pack_id" = p."id" ORDER BY s."position"), ' ')),
  "sticker_emoji" = array(
    SELECT DISTINCT replace(e, U&'\FE0F', '') FROM "pack_stickers" s, unnest(s."emoji") e WHERE s."pack_id" = p."id"),
  "sticker_formats" = array(SELECT DISTINCT s."format" FROM "pack_stickers" s WHERE s."pack_id" = p."id");--> statement-breakpoint
CREATE INDEX "packs_search_vector_idx" ON "packs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "packs_sticker_emoji_idx" ON "packs" USING gin ("sticker_emoji");--> statement-breakpoint
CREATE INDEX "packs_title_trgm_idx" ON "packs" USING gin ("title" gin_trgm_ops);
