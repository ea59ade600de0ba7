-- The trigram operator class for the "contains" index below (ADR 0059); PGlite loads it too (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "ingest_search_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" bigint NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingest_search_events" ADD CONSTRAINT "ingest_search_events_session_id_ingest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ingest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_search_events_session_idx" ON "ingest_search_events" USING btree ("session_id","kind","at");--> statement-breakpoint
CREATE INDEX "ingest_search_events_value_trgm_idx" ON "ingest_search_events" USING gin ("value" gin_trgm_ops);