CREATE TABLE "protection_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"sender_email" text,
	"campaign_id" uuid,
	"reason" text NOT NULL,
	"detail" text NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"claimed_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "protection_notices_reason_check" CHECK ("protection_notices"."reason" in ('bounce_rate', 'spam_complaints', 'unsubscribes')),
	CONSTRAINT "protection_notices_subject_check" CHECK (("protection_notices"."sender_email" is null) <> ("protection_notices"."campaign_id" is null))
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" DROP CONSTRAINT "mailbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_pause_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_pause_detail" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "protection_counts_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_bounce_rate_percent" real DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_min_sends" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_spam_min" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_spam_rate_percent" real DEFAULT 0.3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_unsubscribe_rate_percent" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "protection_notices" ADD CONSTRAINT "protection_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_notices" ADD CONSTRAINT "protection_notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "protection_notices_unsent_idx" ON "protection_notices" USING btree ("created_at") WHERE "protection_notices"."sent_at" is null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_auto_pause_reason_check" CHECK ("campaigns"."auto_pause_reason" in ('bounce_rate', 'spam_complaints', 'unsubscribes'));--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_kind_check" CHECK ("mailbox_messages"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored', 'received', 'unmatched', 'skipped', 'complaint'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_protection_rates_check" CHECK ("user_settings"."protection_bounce_rate_percent" > 0 and "user_settings"."protection_bounce_rate_percent" <= 100
        and "user_settings"."protection_spam_rate_percent" > 0 and "user_settings"."protection_spam_rate_percent" <= 100
        and "user_settings"."protection_unsubscribe_rate_percent" > 0 and "user_settings"."protection_unsubscribe_rate_percent" <= 100);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_protection_counts_check" CHECK ("user_settings"."protection_min_sends" between 1 and 100000 and "user_settings"."protection_window_days" between 1 and 90
        and "user_settings"."protection_spam_min" between 1 and 1000);