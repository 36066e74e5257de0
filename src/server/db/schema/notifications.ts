/**
 * The notification outbox (docs/decisions/037-notification-outbox.md): one row
 * per email owed to a user about their own work, written in the transaction of
 * what caused it (a launch, a reply, a digest of opens), sent by the worker's
 * sweep (features/notifications/notification-outbox.ts). due_at is when it may
 * go (later after a failed try), claimed_at the sweep's lease, attempts its
 * tries. The payload is what the email says, as it was when queued.
 *
 * notification_opens: the opens waiting for their user's next open digest,
 * one per send (its first open), written by the open's own statement while
 * open notifications are on; digest_id says which digest took it.
 */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { notificationKinds, notificationStatuses } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, id, isOneOf, timestamptz } from "./columns.ts";
import { replies } from "./mailbox.ts";
import { emailSends } from "./sending.ts";

export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    /** The campaign it is about, if any: a campaign deleted before it went takes it along. */
    campaignId: uuid("campaign_id").references(() => campaigns.id, { onDelete: "cascade" }),
    /** The reply it is about (kind reply): one notification per reply, gone if the reply is. */
    replyId: uuid("reply_id").references(() => replies.id, { onDelete: "cascade" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: notificationStatuses }).notNull().default("pending"),
    dueAt: timestamptz("due_at").defaultNow().notNull(),
    claimedAt: timestamptz("claimed_at"),
    attempts: integer("attempts").notNull().default(0),
    sentAt: timestamptz("sent_at"),
    /** The last failed try's reason (the mail server's answer), for the log and support. */
    lastError: text("last_error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("notifications_reply_idx").on(t.replyId),
    index("notifications_pending_idx").on(t.dueAt).where(sql`${t.status} = 'pending'`),
    // The digest sweep's "when was this user's last digest".
    index("notifications_user_kind_idx").on(t.userId, t.kind, t.createdAt),
    check("notifications_kind_check", isOneOf(t.kind, notificationKinds)),
    check("notifications_status_check", isOneOf(t.status, notificationStatuses)),
  ],
);

export const notificationOpens = pgTable(
  "notification_opens",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    emailSendId: uuid("email_send_id")
      .notNull()
      .references(() => emailSends.id, { onDelete: "cascade" }),
    openedAt: timestamptz("opened_at").notNull(),
    digestId: uuid("digest_id").references(() => notifications.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("notification_opens_send_idx").on(t.emailSendId),
    index("notification_opens_waiting_idx").on(t.userId, t.openedAt).where(sql`${t.digestId} is null`),
    index("notification_opens_digest_idx").on(t.digestId),
  ],
);
