-- Issue 13 (decision 022): security events (S19), append-only audit tables, and the capacity CHECK backstop.
CREATE TABLE "security_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"actor_user_id" uuid,
	"subject_user_id" uuid,
	"email" text,
	"ip" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "security_events_created_idx" ON "security_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "security_events_type_idx" ON "security_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE INDEX "security_events_email_idx" ON "security_events" USING btree ("email","created_at");--> statement-breakpoint
-- A counter above its maximum can only be a stale year's count (an admin lowered the maximum after the
-- registration year moved on) or drift from direct SQL. Either way it is not this year's truth: forget it, and
-- capacity.ts recounts the row from the registrations under the row lock the next time a place is taken.
UPDATE "jobs" SET "current_registrations" = 0, "counted_year" = NULL
  WHERE "current_registrations" > "max_registrations";--> statement-breakpoint
UPDATE "camping_options" SET "current_registrations" = 0, "counted_year" = NULL
  WHERE "max_signups" > 0 AND "current_registrations" > "max_signups";--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_capacity_not_exceeded" CHECK ("jobs"."current_registrations" <= "jobs"."max_registrations");--> statement-breakpoint
ALTER TABLE "camping_options" ADD CONSTRAINT "camping_options_capacity_not_exceeded" CHECK ("camping_options"."max_signups" <= 0 or "camping_options"."current_registrations" <= "camping_options"."max_signups");--> statement-breakpoint
-- Append-only in the database, not only by convention (S19).
CREATE FUNCTION "refuse_security_event_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'security_events is append-only: % is not allowed', TG_OP USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "security_events_append_only" BEFORE UPDATE OR DELETE ON "security_events"
  FOR EACH ROW EXECUTE FUNCTION "refuse_security_event_change"();--> statement-breakpoint
-- audit_records: no UPDATE, except the one its own foreign key makes when an admin's account is deleted
-- (admin_user_id set to null, every other column unchanged). Rows still go with their registration
-- (ON DELETE CASCADE), which the app only does for a user without registrations, i.e. never today.
CREATE FUNCTION "refuse_audit_record_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."admin_user_id" IS NULL AND OLD."admin_user_id" IS NOT NULL
    AND (to_jsonb(NEW) - 'admin_user_id') = (to_jsonb(OLD) - 'admin_user_id') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_records is append-only: UPDATE is not allowed' USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_records_no_update" BEFORE UPDATE ON "audit_records"
  FOR EACH ROW EXECUTE FUNCTION "refuse_audit_record_update"();
