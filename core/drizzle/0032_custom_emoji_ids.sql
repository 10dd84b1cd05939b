-- The custom emoji ids Telegram gave the stickers of an owner's own custom emoji set, in the pack's order:
-- the app offers one as the owner's emoji status, which Telegram takes only by such an id. Null for a
-- sticker set, and for a custom emoji set made before the ids were read.
ALTER TABLE "telegram_sticker_sets" ADD COLUMN "custom_emoji_ids" text[];
