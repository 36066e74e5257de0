/**
 * The last domain health check of each of a user's sender domains, as the
 * Senders page's health summary and the launch review read it: SPF, DKIM and
 * DMARC each as the worst of its checks (#shared/domain-health). Written by
 * the domain health service whenever it checks a domain (the Deliverability
 * page, a sender's Domain health panel, Recheck), so the summary never
 * queries DNS itself. Per user: the checks depend on the user's own senders
 * (their SMTP hosts in SPF) and DKIM keys. No row: never checked.
 */
import { check, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { domainCheckStatuses } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { isOneOf, timestamptz } from "./columns.ts";

export const domainHealthChecks = pgTable(
  "domain_health_checks",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case. */
    domain: text("domain").notNull(),
    spf: text("spf", { enum: domainCheckStatuses }).notNull(),
    dkim: text("dkim", { enum: domainCheckStatuses }).notNull(),
    dmarc: text("dmarc", { enum: domainCheckStatuses }).notNull(),
    checkedAt: timestamptz("checked_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.domain] }),
    check("domain_health_checks_spf_check", isOneOf(t.spf, domainCheckStatuses)),
    check("domain_health_checks_dkim_check", isOneOf(t.dkim, domainCheckStatuses)),
    check("domain_health_checks_dmarc_check", isOneOf(t.dmarc, domainCheckStatuses)),
  ],
);
