-- A creator's payout not yet signed can be stopped (failed) when a refunded sale puts their balance into
-- debt: it names no message, since none ever carried it. Every other state keeps the rule: waiting names no
-- message, signed, sent or confirmed names the one that carries it, and a failed one names its message if it
-- had one.
ALTER TABLE "payouts" DROP CONSTRAINT "payouts_message_when_signed";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_message_when_signed" CHECK (CASE
	WHEN "status" IN ('pending', 'held') THEN "message_id" IS NULL
	WHEN "status" = 'failed' THEN true
	ELSE "message_id" IS NOT NULL END);
