/**
 * DKIM keys the app generated for the user's sender domains: one per user and
 * domain. Messages from that domain are signed with it (unless DKIM_* covers
 * the domain). The private key is stored encrypted by the service (secret box,
 * like SMTP passwords) and never leaves the server; the public key is what the
 * user publishes at {selector}._domainkey.{domain}.
 */
import { pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { user } from "./auth.ts";
import { createdAt, id } from "./columns.ts";

export const dkimKeys = pgTable(
  "dkim_keys",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** Lower case. */
    domain: text("domain").notNull(),
    selector: text("selector").notNull(),
    privateKeyEncrypted: text("private_key_encrypted").notNull(),
    /** The SubjectPublicKeyInfo, base64 (the record's p= value). */
    publicKey: text("public_key").notNull(),
    createdAt: createdAt(),
  },
  // Also the index of every lookup by user (its first column).
  (t) => [uniqueIndex("dkim_keys_user_domain_unique").on(t.userId, t.domain)],
);
