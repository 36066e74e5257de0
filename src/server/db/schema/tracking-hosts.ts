/**
 * Tracking hosts: per user and sender domain, an optional host name of the
 * user's own (track.example.com) that is a CNAME to the app's public host.
 * Mail from that domain carries its pixel, unsubscribe and click links on it
 * while it is verified (docs/decisions/031-tracking-hosts-and-click-tracking.md).
 *
 * - host: lower case, a subdomain of domain; the same host may be set by
 *   several users (each proved the CNAME), and serves only their sends.
 * - check_status, cname, checked_at: the last CNAME check and what it found.
 * - verified_at: the last check that passed. The host is used for new mail
 *   while it passed within TRACKING_HOST_FRESH_DAYS and no later check found
 *   the CNAME missing or pointing elsewhere; the server answers on it (the
 *   tracking paths only) once it has passed, so links already sent keep working.
 * - retired_at: the user replaced or removed the host. A retired host that
 *   had passed keeps answering for TRACKING_HOST_RETIRED_DAYS (unsubscribe
 *   links in mail already sent must keep working); it is no longer used or
 *   rechecked. One host in use per user and domain: the row without retired_at.
 */
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { trackingHostStatuses } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, id, isOneOf, timestamptz, updatedAt } from "./columns.ts";

export const trackingHosts = pgTable(
  "tracking_hosts",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** The sender domain, lower case. */
    domain: text("domain").notNull(),
    /** The tracking host, lower case. */
    host: text("host").notNull(),
    checkStatus: text("check_status", { enum: trackingHostStatuses }).notNull().default("pending"),
    /** The CNAME target the last check found (null: none, or the lookup failed). */
    cname: text("cname"),
    checkedAt: timestamptz("checked_at"),
    verifiedAt: timestamptz("verified_at"),
    retiredAt: timestamptz("retired_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Also the index of every lookup by user (its first column).
    uniqueIndex("tracking_hosts_user_domain_unique").on(t.userId, t.domain).where(sql`${t.retiredAt} is null`),
    // The request routing: which users verified the Host of a request.
    index("tracking_hosts_host_idx").on(t.host),
    // The periodic recheck: the hosts checked longest ago first.
    index("tracking_hosts_checked_idx").on(t.checkedAt),
    check("tracking_hosts_check_status_check", isOneOf(t.checkStatus, trackingHostStatuses)),
  ],
);

export type TrackingHost = typeof trackingHosts.$inferSelect;
