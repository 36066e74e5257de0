CREATE TABLE "campaign_stats" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"scheduled" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limit" (
	"id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"last_request" bigint NOT NULL,
	CONSTRAINT "rate_limit_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"full_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"email_column" text DEFAULT 'email' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"launched_at" timestamp with time zone,
	CONSTRAINT "campaigns_status_check" CHECK ("campaigns"."status" in ('draft', 'active', 'paused', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"company" text,
	"status" text DEFAULT 'active' NOT NULL,
	"replied_at" timestamp with time zone,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sender_account_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_status_check" CHECK ("contacts"."status" in ('active', 'unsubscribed', 'bounced', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "captured_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" text,
	"from_address" text NOT NULL,
	"to_addresses" text[] NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"text_body" text,
	"html_body" text,
	"raw" text NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"contact_id" uuid,
	"email_send_id" uuid,
	"contact_email" text NOT NULL,
	"sender_email" text NOT NULL,
	"subject" text,
	"reply_content" text NOT NULL,
	"message_id" text,
	"replied_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "spam_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"subject" text NOT NULL,
	"sender_email" text NOT NULL,
	"content" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"message_id" text
);
--> statement-breakpoint
CREATE TABLE "scheduled_meetings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"link_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"prospect_email" text NOT NULL,
	"prospect_name" text,
	"scheduled_date" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_meetings_duration_minutes_check" CHECK ("scheduled_meetings"."duration_minutes" > 0),
	CONSTRAINT "scheduled_meetings_status_check" CHECK ("scheduled_meetings"."status" in ('scheduled', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "scheduling_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"duration_minutes" integer DEFAULT 30 NOT NULL,
	"available_days" text[] DEFAULT '{"monday","tuesday","wednesday","thursday","friday"}' NOT NULL,
	"available_time_start" text DEFAULT '09:00' NOT NULL,
	"available_time_end" text DEFAULT '17:00' NOT NULL,
	"timezone" text DEFAULT 'Asia/Baghdad' NOT NULL,
	"link_code" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduling_links_link_code_unique" UNIQUE("link_code"),
	CONSTRAINT "scheduling_links_duration_minutes_check" CHECK ("scheduling_links"."duration_minutes" >= 15 and "scheduling_links"."duration_minutes" % 15 = 0),
	CONSTRAINT "scheduling_links_available_days_check" CHECK (cardinality("scheduling_links"."available_days") >= 1 and "scheduling_links"."available_days" <@ ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']::text[]),
	CONSTRAINT "scheduling_links_available_time_start_check" CHECK ("scheduling_links"."available_time_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "scheduling_links_available_time_end_check" CHECK ("scheduling_links"."available_time_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "scheduling_links_link_code_check" CHECK (char_length("scheduling_links"."link_code") = 8)
);
--> statement-breakpoint
CREATE TABLE "sender_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"source_sender_id" uuid,
	"email" text NOT NULL,
	"provider" text DEFAULT 'gmail' NOT NULL,
	"daily_limit" integer DEFAULT 50 NOT NULL,
	"smtp_host" text,
	"smtp_port" integer,
	"smtp_security" text,
	"smtp_username" text,
	"smtp_password_encrypted" text,
	"imap_host" text,
	"imap_port" integer,
	"imap_username" text,
	"imap_password_encrypted" text,
	"gmail_sync_enabled" boolean DEFAULT false NOT NULL,
	"gmail_refresh_token_encrypted" text,
	"last_sync_error" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_accounts_provider_check" CHECK ("sender_accounts"."provider" in ('gmail', 'outlook', 'smtp', 'custom')),
	CONSTRAINT "sender_accounts_daily_limit_check" CHECK ("sender_accounts"."daily_limit" between 1 and 500),
	CONSTRAINT "sender_accounts_smtp_security_check" CHECK ("sender_accounts"."smtp_security" in ('tls', 'starttls', 'none')),
	CONSTRAINT "sender_accounts_smtp_port_check" CHECK ("sender_accounts"."smtp_port" between 1 and 65535),
	CONSTRAINT "sender_accounts_imap_port_check" CHECK ("sender_accounts"."imap_port" between 1 and 65535)
);
--> statement-breakpoint
CREATE TABLE "email_sends" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"contact_id" uuid,
	"sequence_id" uuid,
	"sender_account_id" uuid,
	"to_email" text NOT NULL,
	"from_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"sent_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failure_category" text,
	"bounce_type" text,
	"error_message" text,
	"message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sends_status_check" CHECK ("email_sends"."status" in ('pending', 'sent', 'failed')),
	CONSTRAINT "email_sends_failure_category_check" CHECK ("email_sends"."failure_category" in ('invalid_address', 'bounced', 'rejected', 'blocked', 'spam', 'rate_limited', 'authentication', 'network', 'domain_issue', 'content_filtered', 'other')),
	CONSTRAINT "email_sends_bounce_type_check" CHECK ("email_sends"."bounce_type" in ('hard', 'soft'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"sequence_id" uuid NOT NULL,
	"sender_account_id" uuid,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_for" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_expires_at" timestamp with time zone,
	"locked_by" text,
	"cancel_reason" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scheduled_emails_contact_sequence_unique" UNIQUE("contact_id","sequence_id"),
	CONSTRAINT "scheduled_emails_status_check" CHECK ("scheduled_emails"."status" in ('scheduled', 'sending', 'sent', 'failed', 'cancelled', 'paused')),
	CONSTRAINT "scheduled_emails_attempts_check" CHECK ("scheduled_emails"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sender_daily_counts" (
	"sender_account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sender_daily_counts_pk" PRIMARY KEY("sender_account_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_daily_counts" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_daily_counts_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "email_sequences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"step_number" integer NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"body_format" text DEFAULT 'text' NOT NULL,
	"delay_amount" integer DEFAULT 0 NOT NULL,
	"delay_unit" text DEFAULT 'days' NOT NULL,
	"scheduled_date" date,
	"scheduled_time" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_sequences_campaign_step_unique" UNIQUE("campaign_id","step_number"),
	CONSTRAINT "email_sequences_step_number_check" CHECK ("email_sequences"."step_number" >= 1),
	CONSTRAINT "email_sequences_body_format_check" CHECK ("email_sequences"."body_format" in ('text', 'html')),
	CONSTRAINT "email_sequences_delay_amount_check" CHECK ("email_sequences"."delay_amount" >= 0),
	CONSTRAINT "email_sequences_delay_unit_check" CHECK ("email_sequences"."delay_unit" in ('days', 'hours', 'minutes')),
	CONSTRAINT "email_sequences_scheduled_time_check" CHECK ("email_sequences"."scheduled_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"campaign_name" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"template_data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" text PRIMARY KEY NOT NULL,
	"timezone" text DEFAULT 'UTC' NOT NULL,
	"theme_mode" text DEFAULT 'light' NOT NULL,
	"daily_send_limit" integer DEFAULT 50 NOT NULL,
	"send_time_start" text DEFAULT '00:00' NOT NULL,
	"send_time_end" text DEFAULT '23:59' NOT NULL,
	"sending_days" text[] DEFAULT '{"monday","tuesday","wednesday","thursday","friday","saturday","sunday"}' NOT NULL,
	"reply_handling_enabled" boolean DEFAULT true NOT NULL,
	"fallback_merge_tags" jsonb DEFAULT '{"first_name":"there","company":"your company"}'::jsonb NOT NULL,
	"default_signature" text DEFAULT '' NOT NULL,
	"from_name_format" text DEFAULT 'first_last' NOT NULL,
	"unsubscribe_link_enabled" boolean DEFAULT true NOT NULL,
	"legal_disclaimer" text DEFAULT '' NOT NULL,
	"campaign_notifications_enabled" boolean DEFAULT false NOT NULL,
	"notification_email" text DEFAULT '' NOT NULL,
	"open_notifications_enabled" boolean DEFAULT false NOT NULL,
	"automation_webhook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_settings_theme_mode_check" CHECK ("user_settings"."theme_mode" in ('light', 'dark', 'auto')),
	CONSTRAINT "user_settings_daily_send_limit_check" CHECK ("user_settings"."daily_send_limit" between 1 and 10000),
	CONSTRAINT "user_settings_send_time_start_check" CHECK ("user_settings"."send_time_start" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "user_settings_send_time_end_check" CHECK ("user_settings"."send_time_end" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "user_settings_sending_days_check" CHECK (cardinality("user_settings"."sending_days") >= 1 and "user_settings"."sending_days" <@ ARRAY['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']::text[]),
	CONSTRAINT "user_settings_from_name_format_check" CHECK ("user_settings"."from_name_format" in ('first_last', 'company_team'))
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_reason_check" CHECK ("suppressions"."reason" in ('unsubscribed', 'bounced', 'complained', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"verification_result" text NOT NULL,
	"is_valid" boolean NOT NULL,
	"is_deliverable" boolean NOT NULL,
	"verified_at" timestamp with time zone DEFAULT now() NOT NULL,
	"suggested_correction" text,
	"flags" text[] DEFAULT '{}' NOT NULL,
	"execution_time_ms" integer NOT NULL,
	CONSTRAINT "email_verifications_result_check" CHECK ("email_verifications"."verification_result" in ('valid', 'invalid', 'disposable', 'catchall', 'unknown', 'error'))
);
--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_stats" ADD CONSTRAINT "campaign_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_emails" ADD CONSTRAINT "spam_emails_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_link_id_scheduling_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."scheduling_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduling_links" ADD CONSTRAINT "scheduling_links_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_accounts" ADD CONSTRAINT "sender_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_accounts" ADD CONSTRAINT "sender_accounts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_accounts" ADD CONSTRAINT "sender_accounts_source_sender_id_sender_accounts_id_fk" FOREIGN KEY ("source_sender_id") REFERENCES "public"."sender_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_sequence_id_email_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."email_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_daily_counts" ADD CONSTRAINT "sender_daily_counts_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_daily_counts" ADD CONSTRAINT "user_daily_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_verifications" ADD CONSTRAINT "email_verifications_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "campaigns_user_created_idx" ON "campaigns" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_campaign_email_unique" ON "contacts" USING btree ("campaign_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_user_created_idx" ON "contacts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_user_email_idx" ON "contacts" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "contacts_user_status_replied_idx" ON "contacts" USING btree ("user_id","status","replied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "contacts_sender_account_idx" ON "contacts" USING btree ("sender_account_id") WHERE "contacts"."sender_account_id" is not null;--> statement-breakpoint
CREATE INDEX "captured_emails_received_idx" ON "captured_emails" USING btree ("received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "replies_user_message_id_unique" ON "replies" USING btree ("user_id","message_id") WHERE "replies"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "replies_user_replied_idx" ON "replies" USING btree ("user_id","replied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "replies_contact_idx" ON "replies" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "replies_campaign_idx" ON "replies" USING btree ("campaign_id") WHERE "replies"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "replies_email_send_idx" ON "replies" USING btree ("email_send_id") WHERE "replies"."email_send_id" is not null;--> statement-breakpoint
CREATE INDEX "spam_emails_user_received_idx" ON "spam_emails" USING btree ("user_id","received_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "spam_emails_user_message_id_unique" ON "spam_emails" USING btree ("user_id","message_id") WHERE "spam_emails"."message_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "scheduled_meetings_link_slot_unique" ON "scheduled_meetings" USING btree ("link_id","scheduled_date") WHERE "scheduled_meetings"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "scheduled_meetings_user_date_idx" ON "scheduled_meetings" USING btree ("user_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "scheduled_meetings_link_date_idx" ON "scheduled_meetings" USING btree ("link_id","scheduled_date");--> statement-breakpoint
CREATE INDEX "scheduling_links_user_created_idx" ON "scheduling_links" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "sender_accounts_saved_email_unique" ON "sender_accounts" USING btree ("user_id",lower("email")) WHERE "sender_accounts"."campaign_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sender_accounts_campaign_email_unique" ON "sender_accounts" USING btree ("campaign_id",lower("email")) WHERE "sender_accounts"."campaign_id" is not null;--> statement-breakpoint
CREATE INDEX "sender_accounts_user_created_idx" ON "sender_accounts" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sender_accounts_source_sender_idx" ON "sender_accounts" USING btree ("source_sender_id") WHERE "sender_accounts"."source_sender_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "email_sends_contact_sequence_unique" ON "email_sends" USING btree ("contact_id","sequence_id") WHERE "email_sends"."contact_id" is not null and "email_sends"."sequence_id" is not null;--> statement-breakpoint
CREATE INDEX "email_sends_user_created_idx" ON "email_sends" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_sends_user_status_created_idx" ON "email_sends" USING btree ("user_id","status","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_sends_campaign_status_idx" ON "email_sends" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "email_sends_sender_created_idx" ON "email_sends" USING btree ("sender_account_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_sends_contact_idx" ON "email_sends" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "email_sends_sequence_idx" ON "email_sends" USING btree ("sequence_id") WHERE "email_sends"."sequence_id" is not null;--> statement-breakpoint
CREATE INDEX "email_sends_message_id_idx" ON "email_sends" USING btree ("message_id") WHERE "email_sends"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "scheduled_emails_due_idx" ON "scheduled_emails" USING btree ("scheduled_for") WHERE "scheduled_emails"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "scheduled_emails_lease_idx" ON "scheduled_emails" USING btree ("lease_expires_at") WHERE "scheduled_emails"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "scheduled_emails_campaign_status_idx" ON "scheduled_emails" USING btree ("campaign_id","status");--> statement-breakpoint
CREATE INDEX "scheduled_emails_sender_scheduled_idx" ON "scheduled_emails" USING btree ("sender_account_id","scheduled_for");--> statement-breakpoint
CREATE INDEX "scheduled_emails_sequence_idx" ON "scheduled_emails" USING btree ("sequence_id");--> statement-breakpoint
CREATE INDEX "email_templates_user_updated_idx" ON "email_templates" USING btree ("user_id","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "suppressions_user_email_unique" ON "suppressions" USING btree ("user_id",lower("email"));--> statement-breakpoint
CREATE INDEX "email_verifications_user_verified_idx" ON "email_verifications" USING btree ("user_id","verified_at" DESC NULLS FIRST);