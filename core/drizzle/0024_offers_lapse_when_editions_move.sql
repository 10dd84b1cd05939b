-- An open offer on an edition lapses when the edition changes hands (a sale, an offer's sale, a gift): the
-- owner it was made to can no longer answer it. Its own status, so the bidder's list and message say why
-- it closed rather than calling it declined or expired.
ALTER TABLE "offers" DROP CONSTRAINT "offers_status_valid";
--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_status_valid" CHECK ("status" IN ('open', 'accepted', 'declined', 'withdrawn', 'expired', 'lapsed'));
