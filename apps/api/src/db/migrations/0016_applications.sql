CREATE TYPE "public"."application_decision" AS ENUM('APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('PENDING', 'APPROVED', 'DECLINED');--> statement-breakpoint
CREATE TABLE "application_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"status" "application_decision" NOT NULL,
	"message" text,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_settings" (
	"year" integer PRIMARY KEY NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"returning_members_exempt" boolean DEFAULT true NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_settings_year_range" CHECK ("application_settings"."year" between 2000 and 2100),
	CONSTRAINT "application_settings_questions_array" CHECK (jsonb_typeof("application_settings"."questions") = 'array')
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"status" "application_status" DEFAULT 'PENDING' NOT NULL,
	"about" text NOT NULL,
	"answers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"message" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_about_length" CHECK (char_length(trim("applications"."about")) between 1 and 2000),
	CONSTRAINT "applications_answers_array" CHECK (jsonb_typeof("applications"."answers") = 'array'),
	CONSTRAINT "applications_message_length" CHECK ("applications"."message" is null or char_length("applications"."message") <= 2000),
	CONSTRAINT "applications_decided" CHECK (("applications"."status" = 'PENDING') = ("applications"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_decisions" ADD CONSTRAINT "application_decisions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_decisions_application_idx" ON "application_decisions" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_year_key" ON "applications" USING btree ("user_id","year");--> statement-breakpoint
CREATE INDEX "applications_year_status_idx" ON "applications" USING btree ("year","status","created_at");