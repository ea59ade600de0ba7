ALTER TABLE "ingest_batches" ADD COLUMN "blob_offset" integer;--> statement-breakpoint
ALTER TABLE "ingest_batches" ADD COLUMN "blob_length" integer;--> statement-breakpoint
ALTER TABLE "ingest_batches" ADD COLUMN "retired_blob_key" text;--> statement-breakpoint
ALTER TABLE "ingest_sessions" ADD COLUMN "compacted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ingest_sessions" ADD COLUMN "compaction_claim" uuid;--> statement-breakpoint
ALTER TABLE "ingest_sessions" ADD COLUMN "compaction_claimed_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ingest_sessions_uncompacted_idx" ON "ingest_sessions" USING btree ("last_activity_at") WHERE "ingest_sessions"."compacted_at" is null;