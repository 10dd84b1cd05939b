-- Offers (issue 11): non-binding bids on one edition or on any edition of a pack; accepting one makes a
-- resale order for the bidder, so resale orders now come from a listing or from an offer.
CREATE TABLE "offers" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "bidder_id" bigint NOT NULL REFERENCES "users"("id"),
  "pack_id" integer NOT NULL REFERENCES "packs"("id"),
  "edition_id" integer REFERENCES "editions"("id"),
  "price_nano" bigint NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  -- Set on acceptance: who sold which edition, and the order the bidder pays.
  "seller_id" bigint REFERENCES "users"("id"),
  "sold_edition_id" integer REFERENCES "editions"("id"),
  "order_id" uuid REFERENCES "orders"("id"),
  CONSTRAINT "offers_price_positive" CHECK ("price_nano" > 0),
  CONSTRAINT "offers_status_valid" CHECK ("status" IN ('open', 'accepted', 'declined', 'withdrawn', 'expired')),
  CONSTRAINT "offers_accepted_with_order" CHECK (("status" = 'accepted') = ("order_id" IS NOT NULL))
);--> statement-breakpoint
-- One open offer per bidder and edition, and per bidder and pack (pack-wide): a new one replaces it.
CREATE UNIQUE INDEX "offers_open_edition_idx" ON "offers" ("bidder_id", "edition_id") WHERE "status" = 'open' AND "edition_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_pack_idx" ON "offers" ("bidder_id", "pack_id") WHERE "status" = 'open' AND "edition_id" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "offers_order_idx" ON "offers" ("order_id");--> statement-breakpoint
CREATE INDEX "offers_pack_open_idx" ON "offers" ("pack_id", "price_nano" DESC) WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_open_expiry_idx" ON "offers" ("expires_at") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "offers_bidder_idx" ON "offers" ("bidder_id", "id" DESC);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "offer_id" integer REFERENCES "offers"("id");--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_kind_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_valid" CHECK (("kind" = 'primary' AND "listing_id" IS NULL AND "edition_id" IS NULL AND "offer_id" IS NULL) OR ("kind" = 'resale' AND ("listing_id" IS NULL) <> ("offer_id" IS NULL) AND "edition_id" IS NOT NULL AND "royalty_bps" IS NOT NULL AND "fee_bps" IS NOT NULL));--> statement-breakpoint
-- An accepted offer makes one order, under any concurrency.
CREATE UNIQUE INDEX "orders_offer_idx" ON "orders" ("offer_id");--> statement-breakpoint
-- A live resale order holds its edition, whether it came from a listing or an offer.
CREATE INDEX "orders_edition_status_idx" ON "orders" ("edition_id", "status") WHERE "edition_id" IS NOT NULL;
