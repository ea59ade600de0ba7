ALTER TABLE "chapters" ADD COLUMN "release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "status" text DEFAULT 'present' NOT NULL;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "marked_by" uuid;--> statement-breakpoint
ALTER TABLE "check_ins" ADD CONSTRAINT "check_ins_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;