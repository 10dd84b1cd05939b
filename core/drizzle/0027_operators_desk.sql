-- The operator's desk. A pack is listed, or removed by the marketplace (taken down for a reason, or hidden
-- with its banned creator until reviewed): a removed pack keeps its sales history and its owners' editions,
-- and is gone from every visitor's read. Reports, bans and the audit log of every operator action.
ALTER TABLE "packs" ADD COLUMN "status" text NOT NULL DEFAULT 'listed';--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "removed_reason" text;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_status_valid" CHECK ("status" IN ('listed', 'removed')
  AND ("status" = 'listed') = ("removed_reason" IS NULL));--> statement-breakpoint
CREATE TABLE "pack_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"pack_id" integer NOT NULL REFERENCES "packs"("id"),
	"reporter_id" bigint NOT NULL REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"details" text NOT NULL DEFAULT '',
	-- open until an operator acts on the pack (takedown or restore)
	"status" text NOT NULL DEFAULT 'open',
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"closed_at" timestamp with time zone,
	CONSTRAINT "pack_reports_reason_valid" CHECK ("reason" IN ('copyright', 'offensive', 'scam', 'other')),
	CONSTRAINT "pack_reports_status_valid" CHECK ("status" IN ('open', 'closed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "pack_reports_one_open_idx" ON "pack_reports" ("pack_id", "reporter_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "pack_reports_open_idx" ON "pack_reports" ("created_at" DESC) WHERE "status" = 'open';--> statement-breakpoint
-- A banned user: no sign-in, no token works. Unbanning deletes the row; the audit log keeps the history.
CREATE TABLE "user_bans" (
	"user_id" bigint PRIMARY KEY REFERENCES "users"("id"),
	"reason" text NOT NULL,
	"banned_by" bigint NOT NULL,
	"banned_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Operators are named by OPERATOR_IDS and need not have signed in, so no foreign key to users.
CREATE TABLE "ops_audit" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"operator_id" bigint NOT NULL,
	"action" text NOT NULL,
	"target_kind" text NOT NULL,
	"target_id" text NOT NULL,
	"reason" text,
	"note" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "ops_audit_newest_idx" ON "ops_audit" ("created_at" DESC, "id" DESC);
