-- Stars-safe editions (issue 11). An edition remembers how its owner paid for it and when, so the resale
-- lock (STARS_RESALE_LOCK_DAYS after a Stars purchase) is a read of the row every resale path locks anyway.
-- Null for editions made outside a sale (seeds, fixtures): they are not locked.
ALTER TABLE "editions" ADD COLUMN "acquired_with" text;--> statement-breakpoint
ALTER TABLE "editions" ADD COLUMN "acquired_at" timestamp with time zone;--> statement-breakpoint
-- Existing editions: the mint's payment while the minter still owns it, else the owner's latest resale.
UPDATE "editions" e SET "acquired_with" = o."payment_method", "acquired_at" = coalesce(o."paid_at", e."created_at")
	FROM "orders" o WHERE o."id" = e."order_id" AND o."user_id" = e."owner_id";--> statement-breakpoint
UPDATE "editions" e SET "acquired_with" = r."payment_method", "acquired_at" = r."paid_at"
	FROM (SELECT DISTINCT ON ("edition_id") "edition_id", "user_id", "payment_method", "paid_at" FROM "orders"
		WHERE "kind" = 'resale' AND "status" = 'paid' ORDER BY "edition_id", "paid_at" DESC) r
	WHERE r."edition_id" = e."id" AND r."user_id" = e."owner_id";--> statement-breakpoint
-- An edition taken back because Telegram refunded the Stars that bought it (a refund we did not make).
-- The edition row is deleted (its serial goes back to the pack's supply); this is what remains of it.
-- One per payment: reconciliation seeing the refund again finds it here and does nothing.
CREATE TABLE "edition_revocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" bigint NOT NULL REFERENCES "payments"("id"),
	"order_id" uuid NOT NULL REFERENCES "orders"("id"),
	"pack_id" integer NOT NULL REFERENCES "packs"("id"),
	"edition_id" integer NOT NULL,
	"serial" integer NOT NULL,
	"owner_id" bigint NOT NULL REFERENCES "users"("id"),
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "edition_revocations_payment_idx" ON "edition_revocations" ("payment_id");--> statement-breakpoint
CREATE INDEX "edition_revocations_pack_idx" ON "edition_revocations" ("pack_id");
