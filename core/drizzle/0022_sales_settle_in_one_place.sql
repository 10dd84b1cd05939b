-- A primary sale settles through the one settlement every rail shares (core/src/orders/fulfil.ts), written
-- in TypeScript like a resale and a gift: the edition is minted by the same move that hands over every other
-- edition, and the messages are built once, with what was read under the pack's lock, no longer patched by
-- field name in SQL. The group commit that settled a drop's payments as a set was reached by the demo rail
-- only (inside a rail's transaction each payment ran alone), so it goes with them: every rail now settles
-- one payment per transaction. The functions of 0007 and 0012 to 0015 that did this are dropped.
DROP FUNCTION fulfil_primary_orders(uuid[], text[], text[], timestamptz[], jsonb);
--> statement-breakpoint
DROP FUNCTION fulfil_live_primary_orders(uuid[], text[], text[], timestamptz[], jsonb);
--> statement-breakpoint
DROP FUNCTION fulfil_primary_order(uuid, text, text, timestamptz);
--> statement-breakpoint
DROP FUNCTION sale_notice_payload(jsonb, text, integer, bigint, integer);
--> statement-breakpoint
DROP TYPE live_primary_sale;
