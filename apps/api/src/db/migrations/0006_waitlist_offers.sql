CREATE TYPE "public"."offer_state" AS ENUM('OPEN', 'ACCEPTED', 'DECLINED', 'EXPIRED', 'SKIPPED', 'WITHDRAWN');--> statement-breakpoint
CREATE TYPE "public"."timed_task_kind" AS ENUM('WAITLIST_FILL');--> statement-breakpoint
CREATE TYPE "public"."timed_task_state" AS ENUM('PENDING', 'DONE', 'FAILED');--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_JOIN';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_LEAVE';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_OFFER';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_ACCEPT';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_DECLINE';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_EXPIRE';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_SKIP';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_REMOVE';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'WAITLIST_MOVE';--> statement-breakpoint
CREATE SEQUENCE "public"."waitlist_line_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "timed_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" timed_task_kind NOT NULL,
	"year" integer NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state" timed_task_state DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waitlist_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"state" "offer_state" DEFAULT 'OPEN' NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"warned_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"offered_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_decided_consistent" CHECK (("waitlist_offers"."state" = 'OPEN') = ("waitlist_offers"."decided_at" is null)),
	CONSTRAINT "waitlist_offers_expiry_after_offer" CHECK ("waitlist_offers"."expires_at" > "waitlist_offers"."offered_at")
);
--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "offer_hold_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "camping_options" ADD COLUMN "waitlist_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "line_key" bigint;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "waitlisted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "timed_tasks_one_pending" ON "timed_tasks" USING btree ("kind","year") WHERE "timed_tasks"."state" = 'PENDING';--> statement-breakpoint
CREATE INDEX "timed_tasks_due_idx" ON "timed_tasks" USING btree ("due_at") WHERE "timed_tasks"."state" = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_one_open" ON "waitlist_offers" USING btree ("registration_id") WHERE "waitlist_offers"."state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "waitlist_offers_open_due_idx" ON "waitlist_offers" USING btree ("expires_at") WHERE "waitlist_offers"."state" = 'OPEN';--> statement-breakpoint
CREATE INDEX "waitlist_offers_registration_idx" ON "waitlist_offers" USING btree ("registration_id","offered_at");--> statement-breakpoint
CREATE INDEX "registrations_line_idx" ON "registrations" USING btree ("year","line_key") WHERE "registrations"."line_key" is not null;--> statement-breakpoint
ALTER TABLE "camp_config" ADD CONSTRAINT "camp_config_offer_hold_hours_range" CHECK ("camp_config"."offer_hold_hours" between 1 and 720);--> statement-breakpoint
-- Registrations already WAITLISTED (an admin's edit) join the line in the order they were last changed, and stop
-- holding places: the counters of the year they count are recounted from the registrations that still hold one.
UPDATE "registrations" SET "line_key" = "ordered"."key", "waitlisted_at" = "ordered"."updated_at"
FROM (SELECT "id", "updated_at", nextval('waitlist_line_seq') AS "key"
      FROM (SELECT "id", "updated_at" FROM "registrations" WHERE "status" = 'WAITLISTED' ORDER BY "updated_at", "id") AS "w") AS "ordered"
WHERE "registrations"."id" = "ordered"."id";--> statement-breakpoint
UPDATE "camping_options" SET "current_registrations" = (
  SELECT count(*) FROM "registration_camping_options" "l" JOIN "registrations" "r" ON "r"."id" = "l"."registration_id"
  WHERE "l"."camping_option_id" = "camping_options"."id" AND "r"."year" = "camping_options"."counted_year"
    AND "r"."status" IN ('PENDING', 'CONFIRMED'))
WHERE "counted_year" IS NOT NULL;--> statement-breakpoint
UPDATE "jobs" SET "current_registrations" = (
  SELECT count(*) FROM "registration_jobs" "l" JOIN "registrations" "r" ON "r"."id" = "l"."registration_id"
  WHERE "l"."job_id" = "jobs"."id" AND "r"."year" = "jobs"."counted_year"
    AND "r"."status" IN ('PENDING', 'CONFIRMED'))
WHERE "counted_year" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_line_consistent" CHECK (("registrations"."status" = 'WAITLISTED') = ("registrations"."line_key" is not null and "registrations"."waitlisted_at" is not null));