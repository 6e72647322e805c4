CREATE TYPE "public"."shift_reminder_kind" AS ENUM('REMINDER', 'CORRECTION');--> statement-breakpoint
CREATE TABLE "shift_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"kind" "shift_reminder_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "shift_reminder_hours" integer DEFAULT 24;--> statement-breakpoint
ALTER TABLE "shift_reminders" ADD CONSTRAINT "shift_reminders_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_reminders" ADD CONSTRAINT "shift_reminders_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_reminders_once" ON "shift_reminders" USING btree ("registration_id","job_id","starts_at");--> statement-breakpoint
ALTER TABLE "camp_config" ADD CONSTRAINT "camp_config_shift_reminder_hours_range" CHECK ("camp_config"."shift_reminder_hours" is null or "camp_config"."shift_reminder_hours" between 1 and 168);