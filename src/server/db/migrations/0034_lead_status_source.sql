ALTER TABLE "lead_status_changes" DROP CONSTRAINT "lead_status_changes_source_check";--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD COLUMN "source" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_status_changes" ADD CONSTRAINT "lead_status_changes_source_check" CHECK ("lead_status_changes"."source" in ('user', 'api', 'sending', 'mailbox', 'booking', 'unsubscribe'));--> statement-breakpoint
ALTER TABLE "lead_statuses" ADD CONSTRAINT "lead_statuses_source_check" CHECK ("lead_statuses"."source" in ('user', 'api', 'sending', 'mailbox', 'booking', 'unsubscribe'));