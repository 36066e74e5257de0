-- Removing a contact from a campaign keeps what was sent to it and the replies
-- it sent (docs/decisions/016-removed-contacts-keep-their-sends.md): the sends'
-- and replies' contact_id becomes NULL instead of the rows being deleted. The
-- triggers of migrations 0001 and 0005 see that as an update: the user's,
-- senders' and days' counters stay as they are, and the sends join their
-- address's group of sends without a contact (direct_recipients). Deleting a
-- campaign or a user still deletes its sends (their own foreign keys cascade).
ALTER TABLE "replies" DROP CONSTRAINT "replies_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "email_sends" DROP CONSTRAINT "email_sends_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_sends" ADD CONSTRAINT "email_sends_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;