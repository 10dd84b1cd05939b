-- Money out: the marketplace's own wallet pays creators and refunds. Each thing paid has one payout row
-- (unique "pays"); each signed external message is stored before it is sent, so a restart sends the same
-- message again instead of signing a second payment.
CREATE TABLE "payout_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wallet" text NOT NULL,
	"seqno" integer NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"boc" text NOT NULL,
	"hash" text NOT NULL,
	"status" text DEFAULT 'signed' NOT NULL CHECK ("status" IN ('signed', 'landed', 'expired')),
	"sends" integer DEFAULT 0 NOT NULL,
	"tx_hash" text,
	"signed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "payout_messages_hash_idx" ON "payout_messages" ("hash");--> statement-breakpoint
-- One message in flight per wallet: a second signer's transaction fails instead of racing for the seqno.
CREATE UNIQUE INDEX "payout_messages_in_flight_idx" ON "payout_messages" ("wallet") WHERE status = 'signed';--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('creator_payout', 'refund')),
	"pays" text NOT NULL,
	"destination" text NOT NULL,
	"amount_nano" bigint NOT NULL,
	"comment" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL
		CHECK ("status" IN ('pending', 'held', 'signed', 'sent', 'confirmed', 'failed')),
	"message_id" bigint REFERENCES "payout_messages"("id"),
	"approved_at" timestamp with time zone,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_positive" CHECK (amount_nano > 0),
	-- A payout in a message names it; one waiting names none.
	CONSTRAINT "payouts_message_when_signed" CHECK (("status" IN ('pending', 'held')) = ("message_id" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_pays_idx" ON "payouts" ("pays");--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" ("status");--> statement-breakpoint
CREATE INDEX "payouts_message_idx" ON "payouts" ("message_id");
