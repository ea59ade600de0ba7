ALTER TABLE "ingest_sessions" ADD COLUMN "blobs_retired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ingest_sessions_retired_idx" ON "ingest_sessions" USING btree ("blobs_retired_at") WHERE "ingest_sessions"."blobs_retired_at" is not null;--> statement-breakpoint
-- custom: sessions whose replaced blobs are still named (a compactor stopped before removing them) join the queue as retired at their compaction, so the next pass removes them (ADR 0078).
UPDATE "ingest_sessions" SET "blobs_retired_at" = coalesce("compacted_at", now()) WHERE "id" IN (SELECT "session_id" FROM "ingest_batches" WHERE "retired_blob_key" IS NOT NULL);
