-- Resale (issue 10): listings of editions, resale orders, the three-leg ledger and the activity feed.
ALTER TABLE "packs" ADD COLUMN "royalty_bps" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_royalty_bps_range" CHECK ("royalty_bps" >= 0 AND "royalty_bps" <= 1000);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "kind" text DEFAULT 'primary' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "listing_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "edition_id" integer REFERENCES "editions"("id");--> statement-breakpoint
-- The split's terms when the buyer reserved: the settlement divides the price exactly as the buyer was asked to pay.
ALTER TABLE "orders" ADD COLUMN "royalty_bps" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fee_bps" integer;--> statement-breakpoint
CREATE TABLE "listings" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "edition_id" integer NOT NULL REFERENCES "editions"("id"),
  "pack_id" integer NOT NULL REFERENCES "packs"("id"),
  "seller_id" bigint NOT NULL REFERENCES "users"("id"),
  "price_nano" bigint NOT NULL,
  "status" text DEFAULT 'active' NOT NULL,
  "sold_order_id" uuid REFERENCES "orders"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  "closed_at" timestamp with time zone,
  CONSTRAINT "listings_price_positive" CHECK ("price_nano" > 0),
  CONSTRAINT "listings_status_valid" CHECK ("status" IN ('active', 'sold', 'cancelled')),
  CONSTRAINT "listings_sold_by_an_order" CHECK (("status" = 'sold') = ("sold_order_id" IS NOT NULL))
);--> statement-breakpoint
-- An edition is on sale at most once at a time; a listing is sold to one order at most.
CREATE UNIQUE INDEX "listings_active_edition_idx" ON "listings" ("edition_id") WHERE "status" = 'active';--> statement-breakpoint
CREATE UNIQUE INDEX "listings_sold_order_idx" ON "listings" ("sold_order_id");--> statement-breakpoint
CREATE INDEX "listings_pack_price_idx" ON "listings" ("pack_id", "price_nano", "id") WHERE "status" = 'active';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_listing_id_fk" FOREIGN KEY ("listing_id") REFERENCES "listings"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_kind_valid" CHECK (("kind" = 'primary' AND "listing_id" IS NULL AND "edition_id" IS NULL) OR ("kind" = 'resale' AND "listing_id" IS NOT NULL AND "edition_id" IS NOT NULL AND "royalty_bps" IS NOT NULL AND "fee_bps" IS NOT NULL));--> statement-breakpoint
-- At most one paid order per listing: a second settlement cannot sell the same listing again.
CREATE UNIQUE INDEX "orders_listing_paid_idx" ON "orders" ("listing_id") WHERE "status" = 'paid';--> statement-breakpoint
CREATE INDEX "orders_listing_status_idx" ON "orders" ("listing_id", "status") WHERE "listing_id" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "resale_ledger" (
  "id" bigserial PRIMARY KEY,
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "leg" text NOT NULL,
  "recipient_id" bigint REFERENCES "users"("id"),
  "address" text,
  "amount_nano" bigint NOT NULL,
  "status" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "resale_ledger_leg_valid" CHECK ("leg" IN ('seller', 'royalty', 'fee')),
  CONSTRAINT "resale_ledger_status_valid" CHECK ("status" IN ('paid', 'owed')),
  CONSTRAINT "resale_ledger_amount_not_negative" CHECK ("amount_nano" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "resale_ledger_order_leg_idx" ON "resale_ledger" ("order_id", "leg");--> statement-breakpoint
CREATE TABLE "activity" (
  "id" bigserial PRIMARY KEY,
  "pack_id" integer NOT NULL REFERENCES "packs"("id"),
  "edition_id" integer NOT NULL REFERENCES "editions"("id"),
  "serial" integer NOT NULL,
  "type" text NOT NULL,
  "price_nano" bigint,
  "from_id" bigint REFERENCES "users"("id"),
  "to_id" bigint REFERENCES "users"("id"),
  "at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "activity_type_valid" CHECK ("type" IN ('mint', 'list', 'reprice', 'delist', 'sale'))
);--> statement-breakpoint
CREATE INDEX "activity_pack_idx" ON "activity" ("pack_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "activity_edition_idx" ON "activity" ("edition_id", "id" DESC);--> statement-breakpoint
CREATE INDEX "activity_pack_type_at_idx" ON "activity" ("pack_id", "type", "at");--> statement-breakpoint
-- Editions sold before this migration get their mint in the feed, in the order they were sold.
INSERT INTO "activity" ("pack_id", "edition_id", "serial", "type", "price_nano", "from_id", "to_id", "at")
SELECT e."pack_id", e."id", e."serial", 'mint', e."purchase_price_nano", NULL, o."user_id", e."created_at"
FROM "editions" e JOIN "orders" o ON o."id" = e."order_id"
ORDER BY e."created_at", e."id";
