ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('campaign_launched', 'open_digest', 'reply', 'protection_pause'));--> statement-breakpoint
-- The pause notices not sent yet move to the notification outbox (decision 037), so none is lost.
INSERT INTO "notifications" ("user_id", "kind", "campaign_id", "payload", "attempts", "created_at")
SELECT "user_id", 'protection_pause', "campaign_id",
  jsonb_build_object('senderEmail', "sender_email", 'reason', "reason", 'detail', "detail", 'pausedAt', "paused_at"),
  "attempts", "created_at"
FROM "protection_notices" WHERE "sent_at" IS NULL AND "attempts" < 5;--> statement-breakpoint
DROP TABLE "protection_notices" CASCADE;
