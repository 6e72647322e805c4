CREATE TABLE "passkeys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"counter" bigint DEFAULT 0 NOT NULL,
	"transports" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "passkeys_credential_id_unique" UNIQUE("credential_id"),
	CONSTRAINT "passkeys_name_length" CHECK (char_length(trim("passkeys"."name")) between 1 and 60),
	CONSTRAINT "passkeys_counter_non_negative" CHECK ("passkeys"."counter" >= 0)
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webauthn_challenges_challenge_unique" UNIQUE("challenge"),
	CONSTRAINT "webauthn_challenges_kind" CHECK ("webauthn_challenges"."kind" in ('REGISTER', 'SIGN_IN'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "camp_config" ADD COLUMN "admin_passkeys_required_from" date;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "link_token_hash" text;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "browser_hash" text;--> statement-breakpoint
ALTER TABLE "passkeys" ADD CONSTRAINT "passkeys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "passkeys_user_idx" ON "passkeys" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "login_codes_link_token_key" ON "login_codes" USING btree ("link_token_hash");--> statement-breakpoint
-- security_events stays append-only, except for the two kinds of upkeep decision 063 allows, each of which says so for
-- its own transaction with SET LOCAL camp.security_events_upkeep = 'on': the retention purge deletes events past the
-- retention period, and an account's erasure blanks the address and client address of that person's events.
CREATE OR REPLACE FUNCTION "refuse_security_event_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('camp.security_events_upkeep', true) = 'on' THEN
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'security_events is append-only: % is not allowed', TG_OP USING ERRCODE = '42501';
END;
$$;
