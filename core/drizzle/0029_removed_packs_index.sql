-- The operator's desk lists the packs not listed (taken down, or hidden with a banned creator), the latest
-- removed first: an index of those few rows, so the read does not scan every listed pack.
CREATE INDEX "packs_removed_idx" ON "packs" ("removed_at" DESC, "id" DESC) WHERE "status" = 'removed';
