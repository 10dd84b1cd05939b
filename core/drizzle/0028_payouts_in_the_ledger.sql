-- A creator's withdrawal is a negative 'payout' entry written in the transaction that writes its payout, so
-- the available figure drops at once; the entry names its payout, whose status says whether the money is on
-- its way, arrived (paid) or failed (then it counts as available again). One entry per payout.
ALTER TABLE "balance_entries" ADD COLUMN "payout_id" bigint REFERENCES "payouts"("id");--> statement-breakpoint
CREATE UNIQUE INDEX "balance_entries_payout_idx" ON "balance_entries" ("payout_id");--> statement-breakpoint
ALTER TABLE "balance_entries" ADD CONSTRAINT "balance_entries_payout_named"
	CHECK (("kind" = 'payout') = ("payout_id" IS NOT NULL));
