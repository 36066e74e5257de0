-- Searches and the Inbox at scale (npm run bench, screens: 1,000,000 sends).
-- 1. pg_trgm, for trigram indexes behind the ILIKE '%term%' searches (Contacts
--    page, Inbox, a campaign's contacts). It is a trusted extension (PostgreSQL
--    13+: the database owner may create it); PGlite loads it in createPglite.
-- 2. direct_recipients: the Inbox's groups of sends without a contact, with
--    their counters, kept by a statement-level trigger on email_sends like the
--    counters of migration 0001, and filled from the existing sends here. The
--    walk over direct sends it replaces loses its index.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "direct_recipients" (
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"last_send_at" timestamp with time zone,
	CONSTRAINT "direct_recipients_pk" PRIMARY KEY("user_id","address")
);
--> statement-breakpoint
DROP INDEX "email_sends_user_direct_created_idx";--> statement-breakpoint
ALTER TABLE "direct_recipients" ADD CONSTRAINT "direct_recipients_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "direct_recipients_user_last_idx" ON "direct_recipients" USING btree ("user_id","last_send_at" DESC NULLS FIRST,"address" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "direct_recipients_address_trgm_idx" ON "direct_recipients" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_email_trgm_idx" ON "contacts" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_name_trgm_idx" ON "contacts" USING gin ((coalesce("first_name" || ' ' || "last_name", "first_name", "last_name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION direct_recipients_email_sends() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only sends without a contact; each changed row counts -1 as it was and +1 as it is.
  IF TG_OP = 'INSERT' THEN
    insert into direct_recipients as r (user_id, address, sends, sent, failed, opened, last_send_at)
    select user_id, lower(to_email), count(*), count(*) filter (where status = 'sent'),
      count(*) filter (where status = 'failed'), count(*) filter (where opened_at is not null), max(created_at)
    from new_rows where contact_id is null
    group by user_id, lower(to_email)
    on conflict (user_id, address) do update set sends = r.sends + excluded.sends, sent = r.sent + excluded.sent,
      failed = r.failed + excluded.failed, opened = r.opened + excluded.opened,
      last_send_at = greatest(r.last_send_at, excluded.last_send_at);
  ELSIF TG_OP = 'UPDATE' THEN
    with d as (
      select -1 as sign, user_id, to_email, status, opened_at, created_at from old_rows where contact_id is null
      union all
      select 1, user_id, to_email, status, opened_at, created_at from new_rows where contact_id is null
    )
    insert into direct_recipients as r (user_id, address, sends, sent, failed, opened, last_send_at)
    select user_id, lower(to_email), sum(sign), sum(sign * (status = 'sent')::int), sum(sign * (status = 'failed')::int),
      sum(sign * (opened_at is not null)::int), max(created_at) filter (where sign > 0)
    from d
    group by user_id, lower(to_email)
    having sum(sign) <> 0 or sum(sign * (status = 'sent')::int) <> 0 or sum(sign * (status = 'failed')::int) <> 0
      or sum(sign * (opened_at is not null)::int) <> 0
    on conflict (user_id, address) do update set sends = r.sends + excluded.sends, sent = r.sent + excluded.sent,
      failed = r.failed + excluded.failed, opened = r.opened + excluded.opened,
      last_send_at = greatest(r.last_send_at, excluded.last_send_at);
  ELSE
    -- A deleted user's rows go with the user (cascade): only existing rows are updated,
    -- and an address without sends left leaves the Inbox. The latest send is looked up
    -- again (one probe of email_sends_user_direct_to_idx per address): it may be gone.
    with x as (
      select user_id, lower(to_email) as address, count(*) as sends, count(*) filter (where status = 'sent') as sent,
        count(*) filter (where status = 'failed') as failed, count(*) filter (where opened_at is not null) as opened
      from old_rows where contact_id is null
      group by user_id, lower(to_email)
    )
    update direct_recipients r set sends = r.sends - x.sends, sent = r.sent - x.sent,
        failed = r.failed - x.failed, opened = r.opened - x.opened,
        last_send_at = (select max(e.created_at) from email_sends e
                        where e.user_id = r.user_id and e.contact_id is null and lower(e.to_email) = r.address)
      from x where r.user_id = x.user_id and r.address = x.address;
    -- A second statement: one statement cannot update a row and then delete it.
    delete from direct_recipients r
    using (select distinct user_id, lower(to_email) as address from old_rows where contact_id is null) x
    where r.user_id = x.user_id and r.address = x.address and r.sends <= 0;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER direct_recipients_insert AFTER INSERT ON email_sends REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION direct_recipients_email_sends();
--> statement-breakpoint
CREATE TRIGGER direct_recipients_update AFTER UPDATE ON email_sends REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION direct_recipients_email_sends();
--> statement-breakpoint
CREATE TRIGGER direct_recipients_delete AFTER DELETE ON email_sends REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION direct_recipients_email_sends();
--> statement-breakpoint
INSERT INTO direct_recipients (user_id, address, sends, sent, failed, opened, last_send_at)
SELECT user_id, lower(to_email), count(*), count(*) FILTER (WHERE status = 'sent'),
  count(*) FILTER (WHERE status = 'failed'), count(*) FILTER (WHERE opened_at IS NOT NULL), max(created_at)
FROM email_sends WHERE contact_id IS NULL
GROUP BY user_id, lower(to_email);
