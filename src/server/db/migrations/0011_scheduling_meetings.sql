-- Booking: a meeting's end and zone are stored; an owner's scheduled meetings never overlap (exclusion constraint, btree_gist for the user_id equality); the public endpoints' rate limits.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "timezone" text;--> statement-breakpoint
UPDATE "scheduled_meetings" m SET "ends_at" = m."scheduled_date" + make_interval(mins => m."duration_minutes"),
  "timezone" = coalesce((SELECT l."timezone" FROM "scheduling_links" l WHERE l."id" = m."link_id"), 'Asia/Baghdad');--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ALTER COLUMN "timezone" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_meetings_user_email_idx" ON "scheduled_meetings" USING btree ("user_id",lower("prospect_email"));--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_ends_at_check" CHECK ("scheduled_meetings"."ends_at" > "scheduled_meetings"."scheduled_date");--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_no_overlap" EXCLUDE USING gist ("user_id" WITH =, tstzrange("scheduled_date", "ends_at") WITH &&) WHERE ("status" = 'scheduled');
