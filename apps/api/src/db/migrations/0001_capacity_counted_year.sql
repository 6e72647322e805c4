ALTER TABLE "jobs" ADD COLUMN "counted_year" integer;--> statement-breakpoint
ALTER TABLE "camping_options" ADD COLUMN "counted_year" integer;