CREATE TABLE "assist_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"session_id" uuid NOT NULL,
	"agent_id" uuid,
	"agent_socket_id" text NOT NULL,
	"tab_id" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assist_activity" ADD CONSTRAINT "assist_activity_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assist_activity_started_idx" ON "assist_activity" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "assist_activity_socket_idx" ON "assist_activity" USING btree ("agent_socket_id");