CREATE TABLE "assist_relay_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "assist_activity" ADD COLUMN "ended_by_leaving" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assist_activity" ADD COLUMN "instance_id" text;--> statement-breakpoint
CREATE INDEX "assist_activity_agent_session_idx" ON "assist_activity" USING btree ("session_id","agent_id","kind");--> statement-breakpoint
CREATE INDEX "assist_activity_open_instance_idx" ON "assist_activity" USING btree ("instance_id") WHERE "assist_activity"."ended_at" is null;