ALTER TABLE "ingest_batches" ADD COLUMN "leaving" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ingest_sessions" ADD COLUMN "ended_at" timestamp with time zone;