CREATE TYPE "public"."shift_wait_last_offer" AS ENUM('EXPIRED', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."shift_wait_state" AS ENUM('WAITING', 'OFFERED', 'ACCEPTED', 'DECLINED', 'LEFT', 'REMOVED', 'CANCELLED');--> statement-breakpoint
CREATE TABLE "shift_waits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"state" "shift_wait_state" DEFAULT 'WAITING' NOT NULL,
	"line_key" bigint DEFAULT nextval('waitlist_line_seq') NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"warned_at" timestamp with time zone,
	"offered_by" uuid,
	"last_offer_state" "shift_wait_last_offer",
	"last_offer_ended_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shift_waits_offer_consistent" CHECK (("shift_waits"."state" = 'OFFERED') = ("shift_waits"."offered_at" is not null and "shift_waits"."expires_at" is not null)),
	CONSTRAINT "shift_waits_expiry_after_offer" CHECK ("shift_waits"."expires_at" is null or "shift_waits"."expires_at" > "shift_waits"."offered_at"),
	CONSTRAINT "shift_waits_ended_consistent" CHECK (("shift_waits"."state" in ('WAITING', 'OFFERED')) = ("shift_waits"."ended_at" is null)),
	CONSTRAINT "shift_waits_last_offer_consistent" CHECK (("shift_waits"."last_offer_state" is null) = ("shift_waits"."last_offer_ended_at" is null))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "waitlist_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shift_waits" ADD CONSTRAINT "shift_waits_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_waits" ADD CONSTRAINT "shift_waits_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_waits" ADD CONSTRAINT "shift_waits_offered_by_users_id_fk" FOREIGN KEY ("offered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shift_waits" ADD CONSTRAINT "shift_waits_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shift_waits_one_open" ON "shift_waits" USING btree ("registration_id","job_id") WHERE "shift_waits"."state" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "shift_waits_line_idx" ON "shift_waits" USING btree ("job_id","line_key") WHERE "shift_waits"."state" in ('WAITING', 'OFFERED');--> statement-breakpoint
CREATE INDEX "shift_waits_offer_due_idx" ON "shift_waits" USING btree ("expires_at") WHERE "shift_waits"."state" = 'OFFERED';--> statement-breakpoint
CREATE INDEX "shift_waits_registration_idx" ON "shift_waits" USING btree ("registration_id");