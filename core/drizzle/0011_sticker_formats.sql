-- Real Telegram stickers (issue 19): a pack is a sticker pack or a custom emoji pack; each sticker has its
-- own format, emoji and keywords, and keeps the file as uploaded for the owners' archive. Stickers made
-- before this were all static WEBP with 🎨, which the defaults say; they have no original (null).
ALTER TABLE packs ADD COLUMN kind text NOT NULL DEFAULT 'stickers';
--> statement-breakpoint
ALTER TABLE packs ADD CONSTRAINT packs_kind_known CHECK (kind IN ('stickers', 'emoji'));
--> statement-breakpoint
-- Kept at insert so a card tells "animated" without reading the pack's stickers.
ALTER TABLE packs ADD COLUMN animated boolean NOT NULL DEFAULT false;
--> statement-breakpoint
ALTER TABLE pack_stickers ADD COLUMN format text NOT NULL DEFAULT 'static';
--> statement-breakpoint
ALTER TABLE pack_stickers ADD CONSTRAINT pack_stickers_format_known CHECK (format IN ('static', 'animated', 'video'));
--> statement-breakpoint
ALTER TABLE pack_stickers ADD COLUMN emoji text[] NOT NULL DEFAULT ARRAY['🎨'];
--> statement-breakpoint
ALTER TABLE pack_stickers ADD CONSTRAINT pack_stickers_emoji_count CHECK (cardinality(emoji) BETWEEN 1 AND 20);
--> statement-breakpoint
ALTER TABLE pack_stickers ADD COLUMN keywords text[] NOT NULL DEFAULT '{}'::text[];
--> statement-breakpoint
ALTER TABLE pack_stickers ADD COLUMN original_key text;
