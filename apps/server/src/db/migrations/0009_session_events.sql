CREATE TABLE "ingest_click_carry" (
	"session_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"carry" jsonb NOT NULL,
	CONSTRAINT "ingest_click_carry_session_id_tab_id_pk" PRIMARY KEY("session_id","tab_id")
);
--> statement-breakpoint
CREATE TABLE "ingest_session_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"kind" text NOT NULL,
	"at" bigint NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"selector" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"fingerprint" text,
	"name" text,
	"frame" text
);
--> statement-breakpoint
ALTER TABLE "ingest_click_carry" ADD CONSTRAINT "ingest_click_carry_session_id_ingest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ingest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ingest_session_events" ADD CONSTRAINT "ingest_session_events_session_id_ingest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ingest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_session_events_session_idx" ON "ingest_session_events" USING btree ("session_id","kind");--> statement-breakpoint
CREATE INDEX "ingest_session_events_fingerprint_idx" ON "ingest_session_events" USING btree ("fingerprint","at");--> statement-breakpoint
CREATE INDEX "ingest_session_events_kind_at_idx" ON "ingest_session_events" USING btree ("kind","at");