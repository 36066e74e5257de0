-- The send record (email_sends) is written once, with the outcome, instead of
-- as 'pending' at claim and again with the outcome. The id and Message-ID it
-- will have are chosen at the first claim and kept on the queue row.
ALTER TABLE "scheduled_emails" ADD COLUMN "send_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD COLUMN "message_id" text;--> statement-breakpoint
-- Rows already attempted keep their record's id and Message-ID (a retry reuses them).
UPDATE scheduled_emails se SET send_id = es.id, message_id = es.message_id
FROM email_sends es
WHERE es.contact_id = se.contact_id AND es.sequence_id = se.sequence_id;
