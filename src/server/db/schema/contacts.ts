/**
 * Contacts: the recipients of one campaign. The same address may be a contact
 * of several campaigns (duplicate detection looks them up by user and
 * lower(email)), but only once per campaign, case-insensitively.
 *
 * The mailbox a contact's sequence goes out from is kept on its queue rows
 * (scheduled_emails.sender_account_id, assigned round-robin at launch), so
 * follow-ups stay in the same thread. A reply is recorded in replied_at;
 * status says whether the sequence may still send (active) or why it stopped.
 */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { contactStatuses } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, isOneOf, lower, timestamptz } from "./columns.ts";

export const contacts = pgTable(
  "contacts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    company: text("company"),
    /**
     * IANA name or fixed offset (#shared/contacts/time-zone.ts normalises it);
     * null: the user's sending timezone applies.
     */
    timezone: text("timezone"),
    status: text("status", { enum: contactStatuses }).notNull().default("active"),
    repliedAt: timestamptz("replied_at"),
    /** Every other column of the imported file, keyed by normalised header. */
    customFields: jsonb("custom_fields").$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    // Also serves lookups by campaign_id (and the cascade from campaigns).
    uniqueIndex("contacts_campaign_email_unique").on(t.campaignId, lower(t.email)),
    index("contacts_user_created_idx").on(t.userId, descending(t.createdAt)),
    index("contacts_user_email_idx").on(t.userId, lower(t.email)),
    index("contacts_user_status_replied_idx").on(t.userId, t.status, descending(t.repliedAt)),
    // Searches (Contacts page, Inbox, a campaign's contacts) match '%term%' with ILIKE: trigram
    // indexes (pg_trgm) find the rows holding the term's trigrams instead of reading every row.
    // The name is contactFullName (#server/db/text-search.ts): concat_ws is not immutable.
    index("contacts_email_trgm_idx").using("gin", t.email.op("gin_trgm_ops")),
    index("contacts_name_trgm_idx").using(
      "gin",
      sql`(coalesce(${t.firstName} || ' ' || ${t.lastName}, ${t.firstName}, ${t.lastName}, '')) gin_trgm_ops`,
    ),
    check("contacts_status_check", isOneOf(t.status, contactStatuses)),
  ],
);

export type Contact = typeof contacts.$inferSelect;
