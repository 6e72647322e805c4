-- Several live sign-in codes per address (decision 020): the address is no longer the key.
ALTER TABLE "login_codes" DROP CONSTRAINT "login_codes_pkey";--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "login_codes" ADD COLUMN "requested_ip" text;--> statement-breakpoint
CREATE INDEX "login_codes_email_idx" ON "login_codes" USING btree ("email","created_at");
