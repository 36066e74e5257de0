ALTER TABLE "campaigns" ADD COLUMN "track_opens" boolean;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "send_as" text DEFAULT 'html' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "send_as" text;--> statement-breakpoint
ALTER TABLE "user_settings" ADD COLUMN "track_opens" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_send_as_check" CHECK ("campaigns"."send_as" in ('html', 'plain_text'));--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_send_as_check" CHECK ("email_sequences"."send_as" in ('html', 'plain_text'));