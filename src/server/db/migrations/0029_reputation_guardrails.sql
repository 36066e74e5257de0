CREATE TABLE "block_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_list_kind_check" CHECK ("block_list"."kind" in ('address', 'domain')),
	CONSTRAINT "block_list_source_check" CHECK ("block_list"."source" in ('manual', 'import'))
);
--> statement-breakpoint
CREATE TABLE "domain_health_checks" (
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"spf" text NOT NULL,
	"dkim" text NOT NULL,
	"dmarc" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "domain_health_checks_user_id_domain_pk" PRIMARY KEY("user_id","domain"),
	CONSTRAINT "domain_health_checks_spf_check" CHECK ("domain_health_checks"."spf" in ('pass', 'warn', 'fail')),
	CONSTRAINT "domain_health_checks_dkim_check" CHECK ("domain_health_checks"."dkim" in ('pass', 'warn', 'fail')),
	CONSTRAINT "domain_health_checks_dmarc_check" CHECK ("domain_health_checks"."dmarc" in ('pass', 'warn', 'fail'))
);
--> statement-breakpoint
CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"email_send_id" uuid NOT NULL,
	"url" text NOT NULL,
	"first_clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "tracking_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"host" text NOT NULL,
	"check_status" text DEFAULT 'pending' NOT NULL,
	"cname" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_hosts_check_status_check" CHECK ("tracking_hosts"."check_status" in ('pending', 'pass', 'not_found', 'wrong_target', 'lookup_failed'))
);
--> statement-breakpoint
ALTER TABLE "mailbox_messages" DROP CONSTRAINT "mailbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_paused_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_pause_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "auto_pause_detail" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "protection_counts_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "complained_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "unsubscribed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "track_clicks" boolean;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_bounce_rate_percent" real DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_min_sends" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_window_days" integer DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_spam_min" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_spam_rate_percent" real DEFAULT 0.3 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "protection_unsubscribe_rate_percent" real DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "block_list" ADD CONSTRAINT "block_list_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_health_checks" ADD CONSTRAINT "domain_health_checks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_notices" ADD CONSTRAINT "protection_notices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_notices" ADD CONSTRAINT "protection_notices_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_hosts" ADD CONSTRAINT "tracking_hosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_list_user_value_unique" ON "block_list" USING btree ("user_id","value");--> statement-breakpoint
CREATE INDEX "block_list_user_created_idx" ON "block_list" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "link_clicks_send_url_unique" ON "link_clicks" USING btree ("email_send_id","url");--> statement-breakpoint
CREATE INDEX "link_clicks_campaign_idx" ON "link_clicks" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "protection_notices_unsent_idx" ON "protection_notices" USING btree ("created_at") WHERE "protection_notices"."sent_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_hosts_user_domain_unique" ON "tracking_hosts" USING btree ("user_id","domain") WHERE "tracking_hosts"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_hosts_host_idx" ON "tracking_hosts" USING btree ("host");--> statement-breakpoint
CREATE INDEX "tracking_hosts_checked_idx" ON "tracking_hosts" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "mailbox_messages_spam_idx" ON "mailbox_messages" USING btree ("user_id","created_at") WHERE "mailbox_messages"."kind" = 'spam';--> statement-breakpoint
CREATE INDEX "email_sends_user_from_failure_idx" ON "email_sends" USING btree ("user_id",lower("from_email"),"created_at") WHERE "email_sends"."status" = 'failed' and "email_sends"."failure_reason" is not null;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_auto_pause_reason_check" CHECK ("campaigns"."auto_pause_reason" in ('bounce_rate', 'spam_complaints', 'unsubscribes'));--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_kind_check" CHECK ("mailbox_messages"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored', 'received', 'unmatched', 'skipped', 'complaint'));--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_protection_rates_check" CHECK ("user_settings"."protection_bounce_rate_percent" > 0 and "user_settings"."protection_bounce_rate_percent" <= 100
        and "user_settings"."protection_spam_rate_percent" > 0 and "user_settings"."protection_spam_rate_percent" <= 100
        and "user_settings"."protection_unsubscribe_rate_percent" > 0 and "user_settings"."protection_unsubscribe_rate_percent" <= 100);--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_protection_counts_check" CHECK ("user_settings"."protection_min_sends" between 1 and 100000 and "user_settings"."protection_window_days" between 1 and 90
        and "user_settings"."protection_spam_min" between 1 and 1000);