-- Each sticker gets a public, reduced preview; the full file (file_key) is served only through signed links.
-- Packs uploaded before this have none: the API makes them at start (create-pack/missing-previews.ts), and
-- until then their stickers show no preview rather than the full file.
ALTER TABLE pack_stickers ADD COLUMN preview_key text;
