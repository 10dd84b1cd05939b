-- What each holder has heard of each bidder's offers on one pack or one edition ("p<pack>" or
-- "e<edition>"): a holder is told of a bidder's offers there at most once a day, whatever the bidder does
-- (withdrawing and offering again sent a fresh "New offer" each time), and a raised price edits the chat
-- message that told them (its chat and message id, once the bot has sent it) instead of sending another.
CREATE TABLE "offer_notices" (
  "holder_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "bidder_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "target" text NOT NULL,
  -- The offer the holder's message is about now (a withdrawn one's message is moved to the bidder's next).
  "offer_id" integer NOT NULL REFERENCES "offers"("id"),
  -- The "New offer" row that told them: updated in place while it is still waiting to be sent.
  "notice_key" text NOT NULL,
  "noticed_at" timestamp with time zone NOT NULL,
  "chat_id" bigint,
  "message_id" integer,
  PRIMARY KEY ("holder_id", "bidder_id", "target"),
  CONSTRAINT "offer_notices_target_valid" CHECK ("target" ~ '^[pe][0-9]+$')
);--> statement-breakpoint
CREATE INDEX "offer_notices_offer_idx" ON "offer_notices" ("offer_id");
