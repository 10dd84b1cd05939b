-- The wallet a TON payment came from, as a column of its own: a refund goes back to it, and the operator's
-- queue of refunds reads it without digging in the rail's details. Generated from the sender the TON watcher
-- records (raw form, workchain:hex), so every TON payment has it, those recorded before included, and no
-- writer can set one that disagrees; null for Stars and card, whose refunds go back through the rail itself.
ALTER TABLE "payments" ADD COLUMN "sender_address" text
  GENERATED ALWAYS AS (CASE WHEN "method" = 'ton' THEN "details"->>'sender' END) STORED;
