ALTER TABLE "scheduling_links" ADD COLUMN "booking_horizon_days" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD COLUMN "minimum_notice_hours" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD COLUMN "organizer_name" text;--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD COLUMN "organizer_email" text;--> statement-breakpoint
-- Existing links: the organizer a new link gets (scheduling.service.ts organizerOptions): the owner's
-- first sender account (saved senders before campaign copies), named with the owner's name; the
-- sign-in address only for an owner without any sender account, as before this migration.
UPDATE "scheduling_links" l SET
  "organizer_name" = left(coalesce(nullif(trim(u."full_name"), ''), nullif(trim(u."name"), ''), split_part(u."email", '@', 1)), 100),
  "organizer_email" = coalesce(
    (SELECT s."email" FROM "sender_accounts" s WHERE s."user_id" = l."user_id"
      ORDER BY (s."campaign_id" IS NOT NULL), s."created_at", s."id" LIMIT 1),
    u."email")
FROM "user" u WHERE u."id" = l."user_id";--> statement-breakpoint
ALTER TABLE "scheduling_links" ALTER COLUMN "organizer_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_links" ALTER COLUMN "organizer_email" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_booking_horizon_days_check" CHECK ("scheduling_links"."booking_horizon_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_minimum_notice_hours_check" CHECK ("scheduling_links"."minimum_notice_hours" between 0 and 720);--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_organizer_name_check" CHECK (char_length("scheduling_links"."organizer_name") between 1 and 100);--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_organizer_email_check" CHECK (char_length("scheduling_links"."organizer_email") between 3 and 254);