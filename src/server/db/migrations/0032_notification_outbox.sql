CREATE TABLE "notification_opens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email_send_id" uuid NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"digest_id" uuid
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"campaign_id" uuid,
	"reply_id" uuid,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_kind_check" CHECK ("notifications"."kind" in ('campaign_launched', 'open_digest', 'reply', 'protection_pause')),
	CONSTRAINT "notifications_status_check" CHECK ("notifications"."status" in ('pending', 'sent', 'dropped', 'failed'))
);
--> statement-breakpoint
-- The pause notices not sent yet move to the notification outbox (decision 037), so none is lost.
INSERT INTO "notifications" ("user_id", "kind", "campaign_id", "payload", "attempts", "created_at")
SELECT "user_id", 'protection_pause', "campaign_id",
  jsonb_build_object('senderEmail', "sender_email", 'reason', "reason", 'detail', "detail", 'pausedAt', "paused_at"),
  "attempts", "created_at"
FROM "protection_notices" WHERE "sent_at" IS NULL AND "attempts" < 5;--> statement-breakpoint
DROP TABLE "protection_notices" CASCADE;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "reply_notifications_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_opens" ADD CONSTRAINT "notification_opens_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opens" ADD CONSTRAINT "notification_opens_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_opens" ADD CONSTRAINT "notification_opens_digest_id_notifications_id_fk" FOREIGN KEY ("digest_id") REFERENCES "public"."notifications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_reply_id_replies_id_fk" FOREIGN KEY ("reply_id") REFERENCES "public"."replies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_opens_send_idx" ON "notification_opens" USING btree ("email_send_id");--> statement-breakpoint
CREATE INDEX "notification_opens_waiting_idx" ON "notification_opens" USING btree ("user_id","opened_at") WHERE "notification_opens"."digest_id" is null;--> statement-breakpoint
CREATE INDEX "notification_opens_digest_idx" ON "notification_opens" USING btree ("digest_id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_reply_idx" ON "notifications" USING btree ("reply_id");--> statement-breakpoint
CREATE INDEX "notifications_pending_idx" ON "notifications" USING btree ("due_at") WHERE "notifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "notifications_user_kind_idx" ON "notifications" USING btree ("user_id","kind","created_at");