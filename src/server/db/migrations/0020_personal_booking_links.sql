ALTER TABLE "campaigns" ADD COLUMN "booking_link_id" uuid;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "contact_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_booking_link_id_scheduling_links_id_fk" FOREIGN KEY ("booking_link_id") REFERENCES "public"."scheduling_links"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_meetings_contact_idx" ON "scheduled_meetings" USING btree ("contact_id") WHERE "scheduled_meetings"."contact_id" is not null;