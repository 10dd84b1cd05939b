-- What a visitor sees move: a small animated WEBP of each animated or video sticker, public beside its still
-- (`previews/…`). Null for a static sticker, and for a moving one until the server has made it.
ALTER TABLE "pack_stickers" ADD COLUMN "motion_preview_key" text;
