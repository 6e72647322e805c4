CREATE TYPE "public"."audit_action_type" AS ENUM('REGISTRATION_EDIT', 'REGISTRATION_CANCEL', 'PAYMENT_REFUND', 'WORK_SHIFT_ADD', 'WORK_SHIFT_REMOVE', 'WORK_SHIFT_MODIFY', 'CAMPING_OPTION_ADD', 'CAMPING_OPTION_REMOVE', 'CAMPING_OPTION_MODIFY');--> statement-breakpoint
CREATE TYPE "public"."day_of_week" AS ENUM('PRE_OPENING', 'OPENING_SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY', 'CLOSING_SUNDAY', 'POST_EVENT');--> statement-breakpoint
CREATE TYPE "public"."field_data_type" AS ENUM('STRING', 'MULTILINE_STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'DATE');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('PENDING', 'SENT', 'FAILED');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('STRIPE', 'PAYPAL');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('COMPLETED', 'PENDING', 'FAILED', 'REFUNDED');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('PENDING', 'CONFIRMED', 'WAITLISTED', 'CANCELLED');--> statement-breakpoint
CREATE TYPE "public"."test_email_status" AS ENUM('SENT', 'FAILED', 'PENDING');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('ADMIN', 'STAFF', 'PARTICIPANT');--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"playa_name" text,
	"profile_picture" text,
	"role" "user_role" DEFAULT 'PARTICIPANT' NOT NULL,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"phone" text,
	"city" text,
	"state_province" text,
	"country" text,
	"emergency_contact" text,
	"allow_registration" boolean DEFAULT true NOT NULL,
	"allow_early_registration" boolean DEFAULT false NOT NULL,
	"allow_deferred_dues_payment" boolean DEFAULT false NOT NULL,
	"allow_no_job" boolean DEFAULT false NOT NULL,
	"internal_notes" text,
	"password_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_shape" CHECK (position('@' in "users"."email") > 1 and char_length("users"."email") <= 254),
	CONSTRAINT "users_text_lengths" CHECK (coalesce(char_length("users"."first_name"), 0) <= 50 and coalesce(char_length("users"."last_name"), 0) <= 50
        and coalesce(char_length("users"."playa_name"), 0) <= 50 and coalesce(char_length("users"."phone"), 0) <= 50
        and coalesce(char_length("users"."city"), 0) <= 50 and coalesce(char_length("users"."state_province"), 0) <= 50
        and coalesce(char_length("users"."country"), 0) <= 50
        and coalesce(char_length("users"."emergency_contact"), 0) <= 1024)
);
--> statement-breakpoint
CREATE TABLE "camp_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" boolean DEFAULT true NOT NULL,
	"camp_name" text NOT NULL,
	"camp_description" text DEFAULT '' NOT NULL,
	"home_page_blurb" text DEFAULT '' NOT NULL,
	"camp_banner_url" text,
	"camp_banner_alt_text" text,
	"camp_icon_url" text,
	"camp_icon_alt_text" text,
	"registration_year" integer NOT NULL,
	"early_registration_open" boolean DEFAULT false NOT NULL,
	"registration_open" boolean DEFAULT false NOT NULL,
	"registration_terms" text DEFAULT '' NOT NULL,
	"allow_deferred_dues_payment" boolean DEFAULT false NOT NULL,
	"stripe_enabled" boolean DEFAULT false NOT NULL,
	"stripe_public_key" text,
	"stripe_api_key_encrypted" text,
	"stripe_webhook_secret_encrypted" text,
	"paypal_enabled" boolean DEFAULT false NOT NULL,
	"paypal_client_id" text,
	"paypal_client_secret_encrypted" text,
	"paypal_mode" text DEFAULT 'sandbox' NOT NULL,
	"email_enabled" boolean DEFAULT false NOT NULL,
	"smtp_host" text,
	"smtp_port" integer DEFAULT 587 NOT NULL,
	"smtp_username" text,
	"smtp_password_encrypted" text,
	"smtp_use_ssl" boolean DEFAULT false NOT NULL,
	"sender_email" text,
	"sender_name" text,
	"reply_to" text,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camp_config_singleton_true" CHECK ("camp_config"."singleton"),
	CONSTRAINT "camp_config_name_present" CHECK (char_length(trim("camp_config"."camp_name")) > 0),
	CONSTRAINT "camp_config_year_range" CHECK ("camp_config"."registration_year" between 2000 and 2100),
	CONSTRAINT "camp_config_smtp_port_range" CHECK ("camp_config"."smtp_port" between 1 and 65535),
	CONSTRAINT "camp_config_paypal_mode" CHECK ("camp_config"."paypal_mode" in ('sandbox', 'live'))
);
--> statement-breakpoint
CREATE TABLE "job_categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"staff_only" boolean DEFAULT false NOT NULL,
	"always_required" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_categories_name_length" CHECK (char_length("job_categories"."name") between 1 and 100),
	CONSTRAINT "job_categories_description_length" CHECK (char_length("job_categories"."description") between 1 and 500)
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"location" text NOT NULL,
	"category_id" uuid NOT NULL,
	"shift_id" uuid NOT NULL,
	"max_registrations" integer DEFAULT 5 NOT NULL,
	"current_registrations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_name_length" CHECK (char_length("jobs"."name") between 1 and 100),
	CONSTRAINT "jobs_location_length" CHECK (char_length("jobs"."location") between 1 and 100),
	CONSTRAINT "jobs_max_registrations_positive" CHECK ("jobs"."max_registrations" >= 1),
	CONSTRAINT "jobs_current_registrations_non_negative" CHECK ("jobs"."current_registrations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"start_time" time NOT NULL,
	"end_time" time NOT NULL,
	"day_of_week" "day_of_week" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shifts_name_length" CHECK (char_length("shifts"."name") between 1 and 100),
	CONSTRAINT "shifts_description_length" CHECK (coalesce(char_length("shifts"."description"), 0) <= 500)
);
--> statement-breakpoint
CREATE TABLE "camping_option_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camping_option_id" uuid NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"data_type" "field_data_type" DEFAULT 'STRING' NOT NULL,
	"required" boolean DEFAULT false NOT NULL,
	"max_length" integer,
	"min_length" integer,
	"min_value" double precision,
	"max_value" double precision,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camping_option_fields_name_present" CHECK (char_length(trim("camping_option_fields"."display_name")) > 0),
	CONSTRAINT "camping_option_fields_max_length_positive" CHECK ("camping_option_fields"."max_length" is null or "camping_option_fields"."max_length" >= 1),
	CONSTRAINT "camping_option_fields_min_length_non_negative" CHECK ("camping_option_fields"."min_length" is null or "camping_option_fields"."min_length" >= 0),
	CONSTRAINT "camping_option_fields_length_order" CHECK ("camping_option_fields"."min_length" is null or "camping_option_fields"."max_length" is null or "camping_option_fields"."min_length" <= "camping_option_fields"."max_length"),
	CONSTRAINT "camping_option_fields_value_order" CHECK ("camping_option_fields"."min_value" is null or "camping_option_fields"."max_value" is null or "camping_option_fields"."min_value" <= "camping_option_fields"."max_value")
);
--> statement-breakpoint
CREATE TABLE "camping_option_job_categories" (
	"camping_option_id" uuid NOT NULL,
	"job_category_id" uuid NOT NULL,
	CONSTRAINT "camping_option_job_categories_camping_option_id_job_category_id_pk" PRIMARY KEY("camping_option_id","job_category_id")
);
--> statement-breakpoint
CREATE TABLE "camping_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"work_shifts_required" integer DEFAULT 0 NOT NULL,
	"participant_dues_cents" integer DEFAULT 0 NOT NULL,
	"staff_dues_cents" integer DEFAULT 0 NOT NULL,
	"max_signups" integer DEFAULT 0 NOT NULL,
	"current_registrations" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camping_options_name_present" CHECK (char_length(trim("camping_options"."name")) > 0),
	CONSTRAINT "camping_options_work_shifts_non_negative" CHECK ("camping_options"."work_shifts_required" >= 0),
	CONSTRAINT "camping_options_participant_dues_non_negative" CHECK ("camping_options"."participant_dues_cents" >= 0),
	CONSTRAINT "camping_options_staff_dues_non_negative" CHECK ("camping_options"."staff_dues_cents" >= 0),
	CONSTRAINT "camping_options_max_signups_non_negative" CHECK ("camping_options"."max_signups" >= 0),
	CONSTRAINT "camping_options_current_non_negative" CHECK ("camping_options"."current_registrations" >= 0)
);
--> statement-breakpoint
CREATE TABLE "registration_camping_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"camping_option_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_field_values" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registration_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"registration_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"year" integer NOT NULL,
	"status" "registration_status" DEFAULT 'PENDING' NOT NULL,
	"accepted_terms_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancellation_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registrations_year_range" CHECK ("registrations"."year" between 2000 and 2100),
	CONSTRAINT "registrations_cancel_consistent" CHECK (("registrations"."status" = 'CANCELLED') = ("registrations"."cancelled_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"registration_id" uuid,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"status" "payment_status" DEFAULT 'PENDING' NOT NULL,
	"provider" "payment_provider" DEFAULT 'STRIPE' NOT NULL,
	"provider_ref_id" text,
	"refunded_at" timestamp with time zone,
	"refund_ref_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_currency_code" CHECK ("payments"."currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "audit_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid,
	"action_type" "audit_action_type" NOT NULL,
	"admin_user_id" uuid,
	"registration_id" uuid,
	"reason" text,
	"old_values" jsonb,
	"new_values" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_codes" (
	"email" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "login_codes_attempts_non_negative" CHECK ("login_codes"."failed_attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"status" "outbox_status" DEFAULT 'PENDING' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "test_email_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_email" text NOT NULL,
	"subject" text NOT NULL,
	"status" "test_email_status" DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp with time zone,
	"error_message" text,
	"sent_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_category_id_job_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."job_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camping_option_fields" ADD CONSTRAINT "camping_option_fields_camping_option_id_camping_options_id_fk" FOREIGN KEY ("camping_option_id") REFERENCES "public"."camping_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camping_option_job_categories" ADD CONSTRAINT "camping_option_job_categories_camping_option_id_camping_options_id_fk" FOREIGN KEY ("camping_option_id") REFERENCES "public"."camping_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camping_option_job_categories" ADD CONSTRAINT "camping_option_job_categories_job_category_id_job_categories_id_fk" FOREIGN KEY ("job_category_id") REFERENCES "public"."job_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_camping_options" ADD CONSTRAINT "registration_camping_options_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_camping_options" ADD CONSTRAINT "registration_camping_options_camping_option_id_camping_options_id_fk" FOREIGN KEY ("camping_option_id") REFERENCES "public"."camping_options"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_field_values" ADD CONSTRAINT "registration_field_values_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_field_values" ADD CONSTRAINT "registration_field_values_field_id_camping_option_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."camping_option_fields"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD CONSTRAINT "registration_jobs_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registration_jobs" ADD CONSTRAINT "registration_jobs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_admin_user_id_users_id_fk" FOREIGN KEY ("admin_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_records" ADD CONSTRAINT "audit_records_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_email_history" ADD CONSTRAINT "test_email_history_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "camp_config_singleton_key" ON "camp_config" USING btree ("singleton");--> statement-breakpoint
CREATE INDEX "jobs_category_idx" ON "jobs" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "jobs_shift_idx" ON "jobs" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "shifts_day_idx" ON "shifts" USING btree ("day_of_week");--> statement-breakpoint
CREATE INDEX "camping_option_fields_option_idx" ON "camping_option_fields" USING btree ("camping_option_id","sort_order");--> statement-breakpoint
CREATE INDEX "camping_option_job_categories_category_idx" ON "camping_option_job_categories" USING btree ("job_category_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_camping_options_pair_key" ON "registration_camping_options" USING btree ("registration_id","camping_option_id");--> statement-breakpoint
CREATE INDEX "registration_camping_options_option_idx" ON "registration_camping_options" USING btree ("camping_option_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_field_values_pair_key" ON "registration_field_values" USING btree ("registration_id","field_id");--> statement-breakpoint
CREATE INDEX "registration_field_values_field_idx" ON "registration_field_values" USING btree ("field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registration_jobs_pair_key" ON "registration_jobs" USING btree ("registration_id","job_id");--> statement-breakpoint
CREATE INDEX "registration_jobs_job_idx" ON "registration_jobs" USING btree ("job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_one_active_per_user_year" ON "registrations" USING btree ("user_id","year") WHERE "registrations"."status" <> 'CANCELLED';--> statement-breakpoint
CREATE INDEX "registrations_year_status_idx" ON "registrations" USING btree ("year","status");--> statement-breakpoint
CREATE INDEX "registrations_created_idx" ON "registrations" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_ref_key" ON "payments" USING btree ("provider","provider_ref_id") WHERE "payments"."provider_ref_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payments_registration_idx" ON "payments" USING btree ("registration_id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_records_registration_idx" ON "audit_records" USING btree ("registration_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_records_transaction_idx" ON "audit_records" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "test_email_history_created_idx" ON "test_email_history" USING btree ("created_at");