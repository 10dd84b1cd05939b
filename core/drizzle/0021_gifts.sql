-- Gifts (core/src/gifts): an owner's edition waits for whoever opens its link (a code of 128 random bits) to
-- claim it. 'unpaid' is a gift bought for someone whose order is not paid yet: it names no edition, and
-- becomes 'pending' in the transaction that pays the order. A pending gift holds its edition (one per
-- edition), until it is claimed, cancelled by its sender, or expires back to them.
CREATE TABLE "gifts" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "code" text NOT NULL,
  "edition_id" integer REFERENCES "editions"("id"),
  "pack_id" integer NOT NULL REFERENCES "packs"("id"),
  "sender_id" bigint NOT NULL REFERENCES "users"("id"),
  "recipient_id" bigint REFERENCES "users"("id"),
  "order_id" uuid REFERENCES "orders"("id"),
  "note" text NOT NULL DEFAULT '',
  "hide_sender" boolean NOT NULL DEFAULT false,
  "status" text NOT NULL,
  "claim_days" smallint NOT NULL,
  "created_at" timestamp with time zone NOT NULL,
  "expires_at" timestamp with time zone,
  "closed_at" timestamp with time zone,
  CONSTRAINT "gifts_status_valid" CHECK ("status" IN ('unpaid', 'pending', 'claimed', 'cancelled', 'expired')),
  CONSTRAINT "gifts_edition_when_paid" CHECK (("status" = 'unpaid') = ("edition_id" IS NULL) AND ("status" = 'unpaid') = ("expires_at" IS NULL)),
  CONSTRAINT "gifts_claimed_by_someone" CHECK (("status" = 'claimed') = ("recipient_id" IS NOT NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_code_idx" ON "gifts" ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_order_idx" ON "gifts" ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gifts_pending_edition_idx" ON "gifts" ("edition_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "gifts_pending_expiry_idx" ON "gifts" ("expires_at") WHERE "status" = 'pending';--> statement-breakpoint
CREATE INDEX "gifts_sender_idx" ON "gifts" ("sender_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "gifts_recipient_idx" ON "gifts" ("recipient_id", "id" DESC);--> statement-breakpoint
-- A claimed gift is provenance: the feed shows it (from the sender, to the recipient, no price).
ALTER TABLE "activity" DROP CONSTRAINT "activity_type_valid";--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_type_valid" CHECK ("type" IN ('mint', 'list', 'reprice', 'delist', 'sale', 'gift'));
