-- A contact's sender is kept on its queue rows (scheduled_emails.sender_account_id)
-- since launch assigns it in the INSERT of step 1: the column on contacts was no
-- longer written or read.
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_sender_account_id_sender_accounts_id_fk";
--> statement-breakpoint
DROP INDEX "contacts_sender_account_idx";--> statement-breakpoint
ALTER TABLE "contacts" DROP COLUMN "sender_account_id";