ALTER TABLE "camp_config" ADD COLUMN "opening_sunday" date;--> statement-breakpoint
ALTER TABLE "shifts" ADD COLUMN "day_offset" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "camp_config" ADD CONSTRAINT "camp_config_opening_sunday_is_sunday" CHECK ("camp_config"."opening_sunday" is null or extract(isodow from "camp_config"."opening_sunday") = 7);--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_day_offset_range" CHECK ("shifts"."day_offset" between 1 and 14);