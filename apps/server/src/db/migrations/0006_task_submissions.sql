CREATE TABLE "task_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"file_size" integer,
	"status" text NOT NULL,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"feedback" text DEFAULT '' NOT NULL,
	"points" integer
);
--> statement-breakpoint
ALTER TABLE "task_progress" ADD COLUMN "review_state" text;--> statement-breakpoint
ALTER TABLE "task_progress" ADD COLUMN "points_awarded" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "submission_kind" text DEFAULT 'check' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_submissions" ADD CONSTRAINT "task_submissions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_submissions_task_user_idx" ON "task_submissions" USING btree ("task_id","user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "task_submissions_queue_idx" ON "task_submissions" USING btree ("status","submitted_at");