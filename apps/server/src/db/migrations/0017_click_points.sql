CREATE TABLE "ingest_click_points" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"tab_id" text NOT NULL,
	"at" bigint NOT NULL,
	"path" text NOT NULL,
	"x" integer NOT NULL,
	"y" integer NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"selector" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ingest_click_points" ADD CONSTRAINT "ingest_click_points_session_id_ingest_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ingest_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ingest_click_points_path_at_idx" ON "ingest_click_points" USING btree ("path","at");--> statement-breakpoint
CREATE INDEX "ingest_click_points_at_idx" ON "ingest_click_points" USING btree ("at");--> statement-breakpoint
CREATE INDEX "ingest_click_points_session_idx" ON "ingest_click_points" USING btree ("session_id");