-- Sign-in through the bot with number matching, and sessions a user can see and end (issue 18).
--
-- A login code now carries the two-digit number its page shows (`match`) and the three numbers the bot offers
-- (`choices`, the match among them). The first Telegram user to open the code in the bot is bound to it
-- (`user_id`, `opened_at`); only that user, tapping the match, confirms it; a wrong number cancels it
-- (`cancelled_at`). `id` names a code in the bot's callback data without carrying the code itself.
-- Codes live five minutes: the ones in flight when this runs were made by pages that show no number, so they go.
DELETE FROM "login_codes";--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "id" bigint GENERATED ALWAYS AS IDENTITY;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_id_unique" UNIQUE ("id");--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "match" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "choices" smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_codes" ADD CONSTRAINT "login_codes_match_check" CHECK (
	"match" BETWEEN 10 AND 99 AND cardinality("choices") = 3 AND "match" = ANY ("choices")
);--> statement-breakpoint
-- The prune job (core/src/auth/prune.ts) deletes by expiry.
CREATE INDEX "login_codes_expires_idx" ON "login_codes" ("expires_at");--> statement-breakpoint
-- A session is a refresh-token family: when it signed in and how travel with every rotation, so the list stays
-- right after the family's first tokens are pruned.
ALTER TABLE "refresh_tokens" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "via" text;--> statement-breakpoint
UPDATE "refresh_tokens" r SET "signed_in_at" = f."first"
	FROM (SELECT "family_id", min("created_at") AS "first" FROM "refresh_tokens" GROUP BY "family_id") f
	WHERE f."family_id" = r."family_id";--> statement-breakpoint
ALTER TABLE "refresh_tokens" ALTER COLUMN "signed_in_at" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" ("user_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_expires_idx" ON "refresh_tokens" ("expires_at");
