CREATE TABLE "replay_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"at" bigint NOT NULL,
	"text" text NOT NULL,
	"author_id" uuid NOT NULL,
	"author_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replay_notes" ADD CONSTRAINT "replay_notes_session_id_ingest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ingest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replay_notes_session_idx" ON "replay_notes" USING btree ("session_id","at");