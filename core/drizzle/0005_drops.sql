-- Fair drops (issue 11): a per-collector cap, a scheduled opening, and "Notify me" told once per subscriber.
ALTER TABLE "packs" ADD COLUMN "max_per_user" integer;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "drops_at" timestamp with time zone;--> statement-breakpoint
-- Set by the job that queues the "drop is open" messages, in the same transaction: a drop is announced once.
ALTER TABLE "packs" ADD COLUMN "drop_announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_max_per_user_range" CHECK ("max_per_user" IS NULL OR ("max_per_user" >= 1 AND "max_per_user" <= "max_supply"));--> statement-breakpoint
CREATE TABLE "drop_subscriptions" (
  "pack_id" integer NOT NULL REFERENCES "packs"("id") ON DELETE cascade,
  "user_id" bigint NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "drop_subscriptions_pack_id_user_id_pk" PRIMARY KEY("pack_id","user_id")
);--> statement-breakpoint
-- The job's question "which drops opened and are not announced yet" reads only those packs.
CREATE INDEX "packs_unannounced_drop_idx" ON "packs" ("drops_at") WHERE "drops_at" IS NOT NULL AND "drop_announced_at" IS NULL;
