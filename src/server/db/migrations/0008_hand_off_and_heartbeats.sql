CREATE TABLE "send_workers" (
	"id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"pid" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"heartbeat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scheduled_emails" DROP CONSTRAINT "scheduled_emails_status_check";--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD COLUMN "handed_off_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "scheduled_emails_unknown_idx" ON "scheduled_emails" USING btree ("campaign_id","updated_at") WHERE "scheduled_emails"."status" = 'unknown';--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD CONSTRAINT "scheduled_emails_status_check" CHECK ("scheduled_emails"."status" in ('scheduled', 'sending', 'sent', 'failed', 'cancelled', 'paused', 'unknown'));--> statement-breakpoint
-- Sends written off before this migration as "Delivery state unknown" (lease
-- recovery, or a connection lost mid-DATA) now wait for the user's decision
-- (send anyway / skip) like new ones, instead of ending the contact's sequence.
UPDATE "scheduled_emails" SET "status" = 'unknown' WHERE "status" = 'failed' AND "error_message" LIKE '%Delivery state unknown%';
