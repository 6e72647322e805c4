CREATE TYPE "public"."attendance" AS ENUM('SHOWED', 'NO_SHOW');--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'SHIFT_OVERLAP_ACK';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'SHIFT_ATTENDANCE';--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "shift_changes_close" date;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD COLUMN "attendance" "attendance";--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD COLUMN "attendance_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD COLUMN "attendance_by" uuid;--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD CONSTRAINT "registration_jobs_attendance_by_users_id_fk" FOREIGN KEY ("attendance_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;