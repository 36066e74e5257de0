CREATE TABLE "contact_addresses" (
	"user_id" text NOT NULL,
	"email_key" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "contact_addresses_pk" PRIMARY KEY("user_id","email_key")
);
--> statement-breakpoint
ALTER TABLE "user_send_stats" ADD COLUMN "contact_addresses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_addresses" ADD CONSTRAINT "contact_addresses_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_addresses_user_added_idx" ON "contact_addresses" USING btree ("user_id","added_at" DESC NULLS FIRST,"email_key" DESC NULLS FIRST);--> statement-breakpoint

-- contact_addresses kept by statement-level triggers on contacts with transition
-- tables (docs/decisions/003-contact-addresses.md), in the same transaction as
-- the write. Each trigger reduces its statement to one change per (user,
-- address): rows added minus rows removed, the earliest created_at added and
-- the earliest removed; contact_addresses_apply then moves the table and
-- user_send_stats.contact_addresses. Rows of a user being deleted are skipped:
-- their entries go by cascade.
CREATE TYPE contact_address_change AS (user_id text, email_key text, delta integer, added_min timestamptz, removed_min timestamptz);
--> statement-breakpoint
CREATE FUNCTION contact_addresses_apply(changes contact_address_change[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(changes) = 0 THEN
    RETURN;
  END IF;
  -- Lock the entries losing rows first, in key order so that concurrent writers
  -- of the same entries wait instead of deadlocking. The later statements then
  -- run on a new snapshot (read committed) and see what such a writer committed
  -- while this waited: the rows count and the recomputed Added stay right.
  PERFORM 1 FROM contact_addresses a JOIN unnest(changes) c ON (c.user_id, c.email_key) = (a.user_id, a.email_key)
  WHERE c.removed_min IS NOT NULL
  ORDER BY a.user_id, a.email_key FOR UPDATE OF a;

  -- An entry gaining rows is upserted; one only losing rows is updated, or
  -- deleted with its last row (an entry gaining rows can never reach zero).
  -- An upserted entry is new when its rows equal this change's delta.
  WITH c AS (SELECT * FROM unnest(changes)), added AS (
    INSERT INTO contact_addresses AS a (user_id, email_key, added_at, rows)
    SELECT c.user_id, c.email_key, c.added_min, c.delta FROM c WHERE c.added_min IS NOT NULL
    ORDER BY c.user_id, c.email_key
    ON CONFLICT (user_id, email_key) DO UPDATE SET rows = a.rows + excluded.rows, added_at = least(a.added_at, excluded.added_at)
    RETURNING a.user_id, a.email_key, a.rows
  ), dropped AS (
    DELETE FROM contact_addresses a USING c
    WHERE c.added_min IS NULL AND (a.user_id, a.email_key) = (c.user_id, c.email_key) AND a.rows + c.delta <= 0
    RETURNING a.user_id
  ), kept AS (
    UPDATE contact_addresses a SET rows = a.rows + c.delta FROM c
    WHERE c.added_min IS NULL AND (a.user_id, a.email_key) = (c.user_id, c.email_key) AND a.rows + c.delta > 0
  ), moved AS (
    SELECT added.user_id, 1 AS n FROM added JOIN c USING (user_id, email_key) WHERE added.rows = c.delta
    UNION ALL SELECT dropped.user_id, -1 FROM dropped
  )
  INSERT INTO user_send_stats AS u (user_id, contact_addresses)
  SELECT m.user_id, sum(m.n) FROM moved m GROUP BY m.user_id HAVING sum(m.n) <> 0
  ON CONFLICT (user_id) DO UPDATE SET contact_addresses = u.contact_addresses + excluded.contact_addresses;

  -- Added is recomputed only where a removed row may have been the earliest.
  UPDATE contact_addresses a SET added_at = (
    SELECT min(ct.created_at) FROM contacts ct WHERE ct.user_id = a.user_id AND lower(ct.email) = a.email_key
  )
  FROM unnest(changes) c
  WHERE c.removed_min IS NOT NULL AND (a.user_id, a.email_key) = (c.user_id, c.email_key) AND c.removed_min <= a.added_at;
END
$$;
--> statement-breakpoint
CREATE FUNCTION contact_addresses_contacts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_addresses_apply(array(
    SELECT row(n.user_id, lower(n.email), count(*), min(n.created_at), NULL)::contact_address_change
    FROM new_rows n GROUP BY n.user_id, lower(n.email)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contact_addresses_contacts_insert AFTER INSERT ON contacts REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_addresses_contacts_insert();
--> statement-breakpoint
CREATE FUNCTION contact_addresses_contacts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_addresses_apply(array(
    SELECT row(o.user_id, lower(o.email), -count(*), NULL, min(o.created_at))::contact_address_change
    FROM old_rows o WHERE EXISTS (SELECT 1 FROM "user" x WHERE x.id = o.user_id)
    GROUP BY o.user_id, lower(o.email)
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contact_addresses_contacts_delete AFTER DELETE ON contacts REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_addresses_contacts_delete();
--> statement-breakpoint
-- Only rows whose owner, address (lower(email)) or created_at changed count:
-- most updates (status, replies, sender) change none of them, and
-- cost one join of the old and new rows by id. A row whose address changes is
-- removed from its old entry and added to its new one.
CREATE FUNCTION contact_addresses_contacts_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM contact_addresses_apply(array(
    WITH moved AS (
      SELECT o.user_id AS old_user, lower(o.email) AS old_key, o.created_at AS old_created,
        n.user_id AS new_user, lower(n.email) AS new_key, n.created_at AS new_created
      FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
      WHERE (o.user_id, lower(o.email), o.created_at) IS DISTINCT FROM (n.user_id, lower(n.email), n.created_at)
    ), d AS (
      SELECT -1 AS sign, old_user AS user_id, old_key AS email_key, old_created AS created_at FROM moved WHERE old_user IS NOT NULL
      UNION ALL
      SELECT 1, new_user, new_key, new_created FROM moved WHERE new_user IS NOT NULL
    )
    SELECT row(d.user_id, d.email_key, sum(d.sign), min(d.created_at) FILTER (WHERE d.sign > 0),
      min(d.created_at) FILTER (WHERE d.sign < 0))::contact_address_change
    FROM d WHERE EXISTS (SELECT 1 FROM "user" x WHERE x.id = d.user_id)
    GROUP BY d.user_id, d.email_key
  ));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER contact_addresses_contacts_update AFTER UPDATE ON contacts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION contact_addresses_contacts_update();
--> statement-breakpoint
INSERT INTO contact_addresses (user_id, email_key, added_at, rows)
SELECT user_id, lower(email), min(created_at), count(*) FROM contacts GROUP BY user_id, lower(email);
--> statement-breakpoint
INSERT INTO user_send_stats AS u (user_id, contact_addresses)
SELECT user_id, count(*) FROM contact_addresses GROUP BY user_id
ON CONFLICT (user_id) DO UPDATE SET contact_addresses = excluded.contact_addresses;
