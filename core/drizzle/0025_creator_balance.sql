-- The creator balance: what the marketplace holds for a creator, as a ledger of signed entries in nanotons.
-- A sale that did not pay the creator on chain credits their share (primary_sale), a royalty they had no
-- wallet for credits it (royalty); a refund before the rail's hold ends adds a negative reversal; a payout
-- will add a negative payout. An entry counts as pending until available_at, when the rail can no longer
-- take the money back. One entry per (order, kind): a settlement that runs twice credits once.
CREATE TABLE "balance_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"creator_id" bigint NOT NULL REFERENCES "users"("id"),
	"amount_nano" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid REFERENCES "orders"("id"),
	-- No foreign key: a Stars refund deletes the edition it takes back, and the entries must still say which.
	"edition_id" integer,
	"pack_id" integer REFERENCES "packs"("id"),
	"serial" integer,
	"rail" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"available_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balance_entries_kind_valid" CHECK ("kind" IN ('primary_sale', 'royalty', 'reversal', 'payout')),
	CONSTRAINT "balance_entries_sign" CHECK (("kind" IN ('reversal', 'payout')) = ("amount_nano" < 0)),
	CONSTRAINT "balance_entries_sale_traced" CHECK ("kind" = 'payout' OR "order_id" IS NOT NULL)
);--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_order_kind_idx" ON "balance_entries" ("order_id", "kind");--> statement-breakpoint
CREATE INDEX "balance_entries_creator_idx" ON "balance_entries" ("creator_id", "id" DESC);
