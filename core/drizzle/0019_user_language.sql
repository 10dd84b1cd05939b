-- The language each person is spoken to in (the app, the bot's messages, the API's errors): 'en' or 'ru';
-- null until Telegram's language_code or their own choice sets it.
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" IN ('en', 'ru'));
