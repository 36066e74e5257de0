CREATE TABLE "contact_send_stats" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"last_send_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sender_activity_daily" (
	"user_id" text NOT NULL,
	"sender_email" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sender_activity_daily_pk" PRIMARY KEY("user_id","sender_email","day")
);
--> statement-breakpoint
CREATE TABLE "user_activity_daily" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_activity_daily_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "user_send_stats" (
	"user_id" text PRIMARY KEY NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"opened" integer DEFAULT 0 NOT NULL,
	"invalid_address" integer DEFAULT 0 NOT NULL,
	"bounced" integer DEFAULT 0 NOT NULL,
	"rejected" integer DEFAULT 0 NOT NULL,
	"blocked" integer DEFAULT 0 NOT NULL,
	"spam" integer DEFAULT 0 NOT NULL,
	"rate_limited" integer DEFAULT 0 NOT NULL,
	"authentication" integer DEFAULT 0 NOT NULL,
	"network" integer DEFAULT 0 NOT NULL,
	"domain_issue" integer DEFAULT 0 NOT NULL,
	"content_filtered" integer DEFAULT 0 NOT NULL,
	"other" integer DEFAULT 0 NOT NULL,
	"active_contacts" integer DEFAULT 0 NOT NULL,
	"active_replied" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "email_sends_contact_idx";--> statement-breakpoint
ALTER TABLE "contact_send_stats" ADD CONSTRAINT "contact_send_stats_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_send_stats" ADD CONSTRAINT "contact_send_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sender_activity_daily" ADD CONSTRAINT "sender_activity_daily_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_daily" ADD CONSTRAINT "user_activity_daily_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_send_stats" ADD CONSTRAINT "user_send_stats_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_send_stats_user_last_idx" ON "contact_send_stats" USING btree ("user_id","last_send_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_sends_contact_created_idx" ON "email_sends" USING btree ("contact_id","created_at" DESC NULLS FIRST);

-- Reporting counters kept by statement-level triggers with transition tables
-- (docs/decisions/002-reporting-counters.md): each statement's changed rows are
-- counted as -1 for the old version and +1 for the new one, grouped, and added
-- to the counters in the same transaction. Rows of a user or contact being
-- deleted (cascades) are skipped: their counters go with them.
--> statement-breakpoint
CREATE FUNCTION reporting_email_sends_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select 1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows)
  insert into user_send_stats as u (user_id, total, sent, failed, pending, opened, invalid_address, bounced, rejected, blocked, spam, rate_limited, authentication, network, domain_issue, content_filtered, other)
  select d.user_id, sum(d.sign), sum(d.sign * (d.status = 'sent')::int), sum(d.sign * (d.status = 'failed')::int),
      sum(d.sign * (d.status = 'pending')::int), sum(d.sign * (d.opened_at is not null)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'invalid_address', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'bounced', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rejected', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'blocked', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'spam', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rate_limited', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'authentication', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'network', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'domain_issue', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'content_filtered', false)::int),
      sum(d.sign * (d.status = 'failed' and (d.failure_category is null or d.failure_category = 'other'))::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  on conflict (user_id) do update set total = u.total + excluded.total, sent = u.sent + excluded.sent,
    failed = u.failed + excluded.failed, pending = u.pending + excluded.pending, opened = u.opened + excluded.opened,
    invalid_address = u.invalid_address + excluded.invalid_address, bounced = u.bounced + excluded.bounced, rejected = u.rejected + excluded.rejected, blocked = u.blocked + excluded.blocked, spam = u.spam + excluded.spam, rate_limited = u.rate_limited + excluded.rate_limited, authentication = u.authentication + excluded.authentication, network = u.network + excluded.network, domain_issue = u.domain_issue + excluded.domain_issue, content_filtered = u.content_filtered + excluded.content_filtered, other = u.other + excluded.other;

  with d as (select 1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows), e as (
    select d.user_id, lower(d.from_email) as sender_email, (d.sent_at at time zone 'UTC')::date as day,
      d.sign as sent, 0 as failed, 0 as opened
    from d where d.status = 'sent' and d.sent_at is not null
    union all
    select d.user_id, lower(d.from_email), (d.created_at at time zone 'UTC')::date, 0, d.sign, 0
    from d where d.status = 'failed'
    union all
    select d.user_id, lower(d.from_email), (d.opened_at at time zone 'UTC')::date, 0, 0, d.sign
    from d where d.opened_at is not null
  ), g as (
    select user_id, sender_email, day, sum(sent)::int as sent, sum(failed)::int as failed, sum(opened)::int as opened
    from e where exists (select 1 from "user" x where x.id = e.user_id)
    group by user_id, sender_email, day
    having sum(sent) <> 0 or sum(failed) <> 0 or sum(opened) <> 0
  ), per_user as (
    insert into user_activity_daily as a (user_id, day, sent, failed, opened)
    select user_id, day, sum(sent), sum(failed), sum(opened) from g group by user_id, day
    on conflict (user_id, day) do update
      set sent = a.sent + excluded.sent, failed = a.failed + excluded.failed, opened = a.opened + excluded.opened
  )
  insert into sender_activity_daily as s (user_id, sender_email, day, sent, failed, opened)
  select user_id, sender_email, day, sent, failed, opened from g
  on conflict (user_id, sender_email, day) do update
    set sent = s.sent + excluded.sent, failed = s.failed + excluded.failed, opened = s.opened + excluded.opened;

  with d as (select 1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows)
  insert into contact_send_stats as c (contact_id, user_id, sends, sent, failed, opened, last_send_at)
  select d.contact_id, min(d.user_id), sum(d.sign), sum(d.sign * (d.status = 'sent')::int),
    sum(d.sign * (d.status = 'failed')::int), sum(d.sign * (d.opened_at is not null)::int),
    max(d.created_at) filter (where d.sign > 0)
  from d join contacts ct on ct.id = d.contact_id
  group by d.contact_id
  on conflict (contact_id) do update set sends = c.sends + excluded.sends, sent = c.sent + excluded.sent,
    failed = c.failed + excluded.failed, opened = c.opened + excluded.opened,
    last_send_at = greatest(c.last_send_at, excluded.last_send_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_email_sends_insert AFTER INSERT ON email_sends REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_email_sends_insert();
--> statement-breakpoint
CREATE FUNCTION reporting_email_sends_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows)
  insert into user_send_stats as u (user_id, total, sent, failed, pending, opened, invalid_address, bounced, rejected, blocked, spam, rate_limited, authentication, network, domain_issue, content_filtered, other)
  select d.user_id, sum(d.sign), sum(d.sign * (d.status = 'sent')::int), sum(d.sign * (d.status = 'failed')::int),
      sum(d.sign * (d.status = 'pending')::int), sum(d.sign * (d.opened_at is not null)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'invalid_address', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'bounced', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rejected', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'blocked', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'spam', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rate_limited', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'authentication', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'network', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'domain_issue', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'content_filtered', false)::int),
      sum(d.sign * (d.status = 'failed' and (d.failure_category is null or d.failure_category = 'other'))::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  on conflict (user_id) do update set total = u.total + excluded.total, sent = u.sent + excluded.sent,
    failed = u.failed + excluded.failed, pending = u.pending + excluded.pending, opened = u.opened + excluded.opened,
    invalid_address = u.invalid_address + excluded.invalid_address, bounced = u.bounced + excluded.bounced, rejected = u.rejected + excluded.rejected, blocked = u.blocked + excluded.blocked, spam = u.spam + excluded.spam, rate_limited = u.rate_limited + excluded.rate_limited, authentication = u.authentication + excluded.authentication, network = u.network + excluded.network, domain_issue = u.domain_issue + excluded.domain_issue, content_filtered = u.content_filtered + excluded.content_filtered, other = u.other + excluded.other;

  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows), e as (
    select d.user_id, lower(d.from_email) as sender_email, (d.sent_at at time zone 'UTC')::date as day,
      d.sign as sent, 0 as failed, 0 as opened
    from d where d.status = 'sent' and d.sent_at is not null
    union all
    select d.user_id, lower(d.from_email), (d.created_at at time zone 'UTC')::date, 0, d.sign, 0
    from d where d.status = 'failed'
    union all
    select d.user_id, lower(d.from_email), (d.opened_at at time zone 'UTC')::date, 0, 0, d.sign
    from d where d.opened_at is not null
  ), g as (
    select user_id, sender_email, day, sum(sent)::int as sent, sum(failed)::int as failed, sum(opened)::int as opened
    from e where exists (select 1 from "user" x where x.id = e.user_id)
    group by user_id, sender_email, day
    having sum(sent) <> 0 or sum(failed) <> 0 or sum(opened) <> 0
  ), per_user as (
    insert into user_activity_daily as a (user_id, day, sent, failed, opened)
    select user_id, day, sum(sent), sum(failed), sum(opened) from g group by user_id, day
    on conflict (user_id, day) do update
      set sent = a.sent + excluded.sent, failed = a.failed + excluded.failed, opened = a.opened + excluded.opened
  )
  insert into sender_activity_daily as s (user_id, sender_email, day, sent, failed, opened)
  select user_id, sender_email, day, sent, failed, opened from g
  on conflict (user_id, sender_email, day) do update
    set sent = s.sent + excluded.sent, failed = s.failed + excluded.failed, opened = s.opened + excluded.opened;

  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows)
  insert into contact_send_stats as c (contact_id, user_id, sends, sent, failed, opened, last_send_at)
  select d.contact_id, min(d.user_id), sum(d.sign), sum(d.sign * (d.status = 'sent')::int),
    sum(d.sign * (d.status = 'failed')::int), sum(d.sign * (d.opened_at is not null)::int),
    max(d.created_at) filter (where d.sign > 0)
  from d join contacts ct on ct.id = d.contact_id
  group by d.contact_id
  on conflict (contact_id) do update set sends = c.sends + excluded.sends, sent = c.sent + excluded.sent,
    failed = c.failed + excluded.failed, opened = c.opened + excluded.opened,
    last_send_at = greatest(c.last_send_at, excluded.last_send_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_email_sends_delete AFTER DELETE ON email_sends REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_email_sends_delete();
--> statement-breakpoint
CREATE FUNCTION reporting_email_sends_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows union all select 1, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows)
  insert into user_send_stats as u (user_id, total, sent, failed, pending, opened, invalid_address, bounced, rejected, blocked, spam, rate_limited, authentication, network, domain_issue, content_filtered, other)
  select d.user_id, sum(d.sign), sum(d.sign * (d.status = 'sent')::int), sum(d.sign * (d.status = 'failed')::int),
      sum(d.sign * (d.status = 'pending')::int), sum(d.sign * (d.opened_at is not null)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'invalid_address', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'bounced', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rejected', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'blocked', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'spam', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'rate_limited', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'authentication', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'network', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'domain_issue', false)::int),
      sum(d.sign * coalesce(d.status = 'failed' and d.failure_category = 'content_filtered', false)::int),
      sum(d.sign * (d.status = 'failed' and (d.failure_category is null or d.failure_category = 'other'))::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  on conflict (user_id) do update set total = u.total + excluded.total, sent = u.sent + excluded.sent,
    failed = u.failed + excluded.failed, pending = u.pending + excluded.pending, opened = u.opened + excluded.opened,
    invalid_address = u.invalid_address + excluded.invalid_address, bounced = u.bounced + excluded.bounced, rejected = u.rejected + excluded.rejected, blocked = u.blocked + excluded.blocked, spam = u.spam + excluded.spam, rate_limited = u.rate_limited + excluded.rate_limited, authentication = u.authentication + excluded.authentication, network = u.network + excluded.network, domain_issue = u.domain_issue + excluded.domain_issue, content_filtered = u.content_filtered + excluded.content_filtered, other = u.other + excluded.other;

  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows union all select 1, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows), e as (
    select d.user_id, lower(d.from_email) as sender_email, (d.sent_at at time zone 'UTC')::date as day,
      d.sign as sent, 0 as failed, 0 as opened
    from d where d.status = 'sent' and d.sent_at is not null
    union all
    select d.user_id, lower(d.from_email), (d.created_at at time zone 'UTC')::date, 0, d.sign, 0
    from d where d.status = 'failed'
    union all
    select d.user_id, lower(d.from_email), (d.opened_at at time zone 'UTC')::date, 0, 0, d.sign
    from d where d.opened_at is not null
  ), g as (
    select user_id, sender_email, day, sum(sent)::int as sent, sum(failed)::int as failed, sum(opened)::int as opened
    from e where exists (select 1 from "user" x where x.id = e.user_id)
    group by user_id, sender_email, day
    having sum(sent) <> 0 or sum(failed) <> 0 or sum(opened) <> 0
  ), per_user as (
    insert into user_activity_daily as a (user_id, day, sent, failed, opened)
    select user_id, day, sum(sent), sum(failed), sum(opened) from g group by user_id, day
    on conflict (user_id, day) do update
      set sent = a.sent + excluded.sent, failed = a.failed + excluded.failed, opened = a.opened + excluded.opened
  )
  insert into sender_activity_daily as s (user_id, sender_email, day, sent, failed, opened)
  select user_id, sender_email, day, sent, failed, opened from g
  on conflict (user_id, sender_email, day) do update
    set sent = s.sent + excluded.sent, failed = s.failed + excluded.failed, opened = s.opened + excluded.opened;

  with d as (select -1 as sign, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from old_rows union all select 1, user_id, contact_id, from_email, status, sent_at, opened_at, failure_category, created_at from new_rows)
  insert into contact_send_stats as c (contact_id, user_id, sends, sent, failed, opened, last_send_at)
  select d.contact_id, min(d.user_id), sum(d.sign), sum(d.sign * (d.status = 'sent')::int),
    sum(d.sign * (d.status = 'failed')::int), sum(d.sign * (d.opened_at is not null)::int),
    max(d.created_at) filter (where d.sign > 0)
  from d join contacts ct on ct.id = d.contact_id
  group by d.contact_id
  on conflict (contact_id) do update set sends = c.sends + excluded.sends, sent = c.sent + excluded.sent,
    failed = c.failed + excluded.failed, opened = c.opened + excluded.opened,
    last_send_at = greatest(c.last_send_at, excluded.last_send_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_email_sends_update AFTER UPDATE ON email_sends REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_email_sends_update();
--> statement-breakpoint
CREATE FUNCTION reporting_contacts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select 1 as sign, user_id, status, replied_at from new_rows)
  insert into user_send_stats as u (user_id, active_contacts, active_replied)
  select d.user_id, sum(d.sign * (d.status = 'active')::int), sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  having sum(d.sign * (d.status = 'active')::int) <> 0 or sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int) <> 0
  on conflict (user_id) do update set active_contacts = u.active_contacts + excluded.active_contacts,
    active_replied = u.active_replied + excluded.active_replied;

  with d as (select 1 as sign, user_id, status, replied_at from new_rows)
  insert into user_activity_daily as a (user_id, day, replied)
  select d.user_id, (d.replied_at at time zone 'UTC')::date, sum(d.sign)
  from d where d.replied_at is not null and exists (select 1 from "user" x where x.id = d.user_id)
  group by 1, 2 having sum(d.sign) <> 0
  on conflict (user_id, day) do update set replied = a.replied + excluded.replied;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_contacts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_contacts_insert();
--> statement-breakpoint
CREATE FUNCTION reporting_contacts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select -1 as sign, user_id, status, replied_at from old_rows)
  insert into user_send_stats as u (user_id, active_contacts, active_replied)
  select d.user_id, sum(d.sign * (d.status = 'active')::int), sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  having sum(d.sign * (d.status = 'active')::int) <> 0 or sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int) <> 0
  on conflict (user_id) do update set active_contacts = u.active_contacts + excluded.active_contacts,
    active_replied = u.active_replied + excluded.active_replied;

  with d as (select -1 as sign, user_id, status, replied_at from old_rows)
  insert into user_activity_daily as a (user_id, day, replied)
  select d.user_id, (d.replied_at at time zone 'UTC')::date, sum(d.sign)
  from d where d.replied_at is not null and exists (select 1 from "user" x where x.id = d.user_id)
  group by 1, 2 having sum(d.sign) <> 0
  on conflict (user_id, day) do update set replied = a.replied + excluded.replied;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_contacts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_contacts_delete();
--> statement-breakpoint
CREATE FUNCTION reporting_contacts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  with d as (select -1 as sign, user_id, status, replied_at from old_rows union all select 1, user_id, status, replied_at from new_rows)
  insert into user_send_stats as u (user_id, active_contacts, active_replied)
  select d.user_id, sum(d.sign * (d.status = 'active')::int), sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int)
  from d where exists (select 1 from "user" x where x.id = d.user_id)
  group by d.user_id
  having sum(d.sign * (d.status = 'active')::int) <> 0 or sum(d.sign * (d.status = 'active' and d.replied_at is not null)::int) <> 0
  on conflict (user_id) do update set active_contacts = u.active_contacts + excluded.active_contacts,
    active_replied = u.active_replied + excluded.active_replied;

  with d as (select -1 as sign, user_id, status, replied_at from old_rows union all select 1, user_id, status, replied_at from new_rows)
  insert into user_activity_daily as a (user_id, day, replied)
  select d.user_id, (d.replied_at at time zone 'UTC')::date, sum(d.sign)
  from d where d.replied_at is not null and exists (select 1 from "user" x where x.id = d.user_id)
  group by 1, 2 having sum(d.sign) <> 0
  on conflict (user_id, day) do update set replied = a.replied + excluded.replied;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER reporting_contacts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION reporting_contacts_update();
--> statement-breakpoint
INSERT INTO user_send_stats (user_id, total, sent, failed, pending, opened, invalid_address, bounced, rejected, blocked, spam, rate_limited, authentication, network, domain_issue, content_filtered, other)
SELECT user_id, count(*), count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed'),
  count(*) filter (where status = 'pending'), count(*) filter (where opened_at is not null),
  count(*) filter (where status = 'failed' and failure_category = 'invalid_address'),
  count(*) filter (where status = 'failed' and failure_category = 'bounced'),
  count(*) filter (where status = 'failed' and failure_category = 'rejected'),
  count(*) filter (where status = 'failed' and failure_category = 'blocked'),
  count(*) filter (where status = 'failed' and failure_category = 'spam'),
  count(*) filter (where status = 'failed' and failure_category = 'rate_limited'),
  count(*) filter (where status = 'failed' and failure_category = 'authentication'),
  count(*) filter (where status = 'failed' and failure_category = 'network'),
  count(*) filter (where status = 'failed' and failure_category = 'domain_issue'),
  count(*) filter (where status = 'failed' and failure_category = 'content_filtered'),
  count(*) filter (where status = 'failed' and (failure_category is null or failure_category = 'other'))
FROM email_sends GROUP BY user_id;
--> statement-breakpoint
INSERT INTO user_send_stats AS u (user_id, active_contacts, active_replied)
SELECT user_id, count(*) filter (where status = 'active'), count(*) filter (where status = 'active' and replied_at is not null)
FROM contacts GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET active_contacts = excluded.active_contacts, active_replied = excluded.active_replied;
--> statement-breakpoint
INSERT INTO sender_activity_daily (user_id, sender_email, day, sent, failed, opened)
SELECT user_id, sender_email, day, sum(sent), sum(failed), sum(opened) FROM (
  SELECT user_id, lower(from_email) AS sender_email, (sent_at AT TIME ZONE 'UTC')::date AS day, 1 AS sent, 0 AS failed, 0 AS opened
  FROM email_sends WHERE status = 'sent' AND sent_at IS NOT NULL
  UNION ALL SELECT user_id, lower(from_email), (created_at AT TIME ZONE 'UTC')::date, 0, 1, 0 FROM email_sends WHERE status = 'failed'
  UNION ALL SELECT user_id, lower(from_email), (opened_at AT TIME ZONE 'UTC')::date, 0, 0, 1 FROM email_sends WHERE opened_at IS NOT NULL
) e GROUP BY user_id, sender_email, day;
--> statement-breakpoint
INSERT INTO user_activity_daily (user_id, day, sent, failed, opened, replied)
SELECT user_id, day, sum(sent), sum(failed), sum(opened), sum(replied) FROM (
  SELECT user_id, day, sent, failed, opened, 0 AS replied FROM sender_activity_daily
  UNION ALL SELECT user_id, (replied_at AT TIME ZONE 'UTC')::date, 0, 0, 0, 1 FROM contacts WHERE replied_at IS NOT NULL
) e GROUP BY user_id, day;
--> statement-breakpoint
INSERT INTO contact_send_stats (contact_id, user_id, sends, sent, failed, opened, last_send_at)
SELECT contact_id, min(user_id), count(*), count(*) filter (where status = 'sent'), count(*) filter (where status = 'failed'),
  count(*) filter (where opened_at is not null), max(created_at)
FROM email_sends WHERE contact_id IS NOT NULL GROUP BY contact_id;
