CREATE TYPE "public"."draw_entry_state" AS ENUM('ENTERED', 'WON', 'WAITLISTED', 'WITHDRAWN');--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'DRAW_RUN';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'DRAW_ENTRY';--> statement-breakpoint
ALTER TYPE "public"."audit_action_type" ADD VALUE 'PLACE_RELEASE';--> statement-breakpoint
ALTER TYPE "public"."timed_task_kind" ADD VALUE 'DRAW';--> statement-breakpoint
CREATE TABLE "draw_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"state" "draw_entry_state" DEFAULT 'ENTERED' NOT NULL,
	"camp_with" text[] DEFAULT '{}'::text[] NOT NULL,
	"camping_option_ids" uuid[] NOT NULL,
	"job_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"accepted_terms_at" timestamp with time zone NOT NULL,
	"drawn_position" integer,
	"registration_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draw_entries_year_range" CHECK ("draw_entries"."year" between 2000 and 2100),
	CONSTRAINT "draw_entries_drawn_consistent" CHECK (("draw_entries"."state" in ('WON', 'WAITLISTED')) = ("draw_entries"."drawn_position" is not null))
);
--> statement-breakpoint
CREATE TABLE "draws" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"seed" text NOT NULL,
	"algorithm" text NOT NULL,
	"ran_at" timestamp with time zone,
	"ran_by" uuid,
	"summary" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draws_seed_shape" CHECK ("draws"."seed" ~ '^[0-9a-f]{32}$'),
	CONSTRAINT "draws_ran_consistent" CHECK (("draws"."ran_at" is null) = ("draws"."summary" is null))
);
--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "draw_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "draw_closes_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "payment_deadline_days" integer;--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "payment_auto_release" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "pay_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draw_entries" ADD CONSTRAINT "draw_entries_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draws" ADD CONSTRAINT "draws_ran_by_users_id_fk" FOREIGN KEY ("ran_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draw_entries_one_per_user_year" ON "draw_entries" USING btree ("user_id","year") WHERE "draw_entries"."state" <> 'WITHDRAWN';--> statement-breakpoint
CREATE INDEX "draw_entries_year_state_idx" ON "draw_entries" USING btree ("year","state");--> statement-breakpoint
CREATE UNIQUE INDEX "draws_one_per_year" ON "draws" USING btree ("year");--> statement-breakpoint
CREATE INDEX "registrations_pay_by_idx" ON "registrations" USING btree ("pay_by") WHERE "registrations"."pay_by" is not null;--> statement-breakpoint
ALTER TABLE "camp_config" ADD CONSTRAINT "camp_config_draw_window" CHECK (("camp_config"."draw_opens_at" is null) = ("camp_config"."draw_closes_at" is null) and ("camp_config"."draw_closes_at" is null or "camp_config"."draw_closes_at" > "camp_config"."draw_opens_at"));--> statement-breakpoint
ALTER TABLE "camp_config" ADD CONSTRAINT "camp_config_payment_deadline_range" CHECK ("camp_config"."payment_deadline_days" is null or "camp_config"."payment_deadline_days" between 1 and 90);