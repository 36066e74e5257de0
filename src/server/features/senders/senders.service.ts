// Saved sender accounts (campaign_id NULL): the Senders page and the wizard's
// import list. Every query is keyed by the signed-in user's id; another user's
// sender is "not found", never "forbidden", so ids reveal nothing.
// Passwords are encrypted before they touch the database and never leave it
// decrypted except into the SMTP client of a connection test, and only to the
// host and security they were saved for (stored-password.ts).
import { and, desc, eq, isNull, type SQL, sql } from "drizzle-orm";
import {
  type ConnectionTestInput,
  type ConnectionTestResult,
  type ImapConnectionInput,
  type SavedConnectionTestInput,
  type Sender,
  type SenderInput,
  type SenderMailboxSync,
  type SmtpConnectionInput,
  USERNAME_OR_EMAIL_NEEDED,
} from "#shared/senders/senders.schemas.ts";
import {
  borrowedPasswordNeededAgain,
  imapPasswordNeededAgain,
  smtpPasswordNeededAgain,
} from "#shared/senders/stored-password.ts";
import { SecretDecryptError } from "../../crypto/secret-box.ts";
import { secretPurposes } from "../../crypto/secret-purposes.ts";
import { mailboxSyncs } from "../../db/schema/mailbox.ts";
import { type SenderAccount, senderAccounts } from "../../db/schema/senders.ts";
import { AppError } from "../../errors.ts";
import { type RateLimitRule, takeRateLimit } from "../../http/rate-limit.ts";
import { skippedMessagesQuery, toSkippedMessages } from "../../mailbox/skipped-messages.ts";
import { testSmtpConnection } from "../../sending/delivery/smtp-connection-test.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { addressOf, totalSentLateral } from "./sender-activity.ts";
import { toMailboxSyncDto, toSenderDto } from "./sender-dto.ts";

const SMTP_PASSWORD = secretPurposes.smtpPassword;
const IMAP_PASSWORD = secretPurposes.imapPassword;
const SAVED_EMAIL_UNIQUE = "sender_accounts_saved_email_unique";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Connection tests per user: each one connects to a host the user typed, so
 * without a limit the test is a tool for probing other people's servers.
 */
export const CONNECTION_TEST_LIMIT: RateLimitRule = { name: "smtp-test", max: 10, windowMs: 60_000 };
export const CONNECTION_TEST_LIMIT_MESSAGE =
  "Too many connection tests: at most 10 a minute. Wait a moment and try again.";

const notFound = () => new AppError("not_found", "Sender account not found");
const duplicate = (email: string) =>
  new AppError("conflict", `The email ${email} is already available in your sender accounts.`);

/** True when `err` (or the driver error Drizzle wraps in `cause`) violates `constraint`. */
function violates(err: unknown, constraint: string): boolean {
  for (let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e; ) {
    if (e.code === "23505" && e.constraint === constraint) return true;
    e = e.cause as typeof e;
  }
  return false;
}

type Columns = Partial<typeof senderAccounts.$inferInsert>;

export function createSendersService(deps: FeatureDeps) {
  const { db, secrets, config } = deps;
  const addressPolicy = { allowPrivate: config.smtpAllowPrivate };
  const testOptions = { addressPolicy, captureMode: config.mailDelivery === "capture" };

  /** Counts a connection test of the user's, or refuses it (429) past the limit. */
  async function limitConnectionTests(userId: string): Promise<void> {
    const verdict = await takeRateLimit(db, CONNECTION_TEST_LIMIT, userId, deps.now?.() ?? new Date());
    if (!verdict.allowed) {
      throw new AppError("rate_limited", CONNECTION_TEST_LIMIT_MESSAGE, {
        retryAfterSeconds: verdict.retryAfterSeconds,
      });
    }
  }

  /**
   * Saved senders with their emails sent (all time, from the reporting
   * counters): the sends from the sender's address, its campaign copies
   * included, read from the address's day rows in one query.
   */
  async function select(userId: string, senderId?: string): Promise<Sender[]> {
    const total = totalSentLateral(db, userId, addressOf(senderAccounts.email));
    const conditions: SQL[] = [eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)];
    if (senderId) conditions.push(eq(senderAccounts.id, senderId));
    const rows = await db
      .select({
        sender: senderAccounts,
        sentCount: total.sent,
        // The mailbox sync's record of this mailbox (written by mailbox/mailbox-sync), by primary key.
        mailboxSync: {
          lastSyncedAt: mailboxSyncs.lastSyncedAt,
          lastError: mailboxSyncs.lastError,
          lastErrorAt: mailboxSyncs.lastErrorAt,
          errorCount: mailboxSyncs.errorCount,
        },
        // Outside mailboxSync: a left join's nested object is null only when all its fields are.
        skipped: skippedMessagesQuery(userId, deps.now?.() ?? new Date(), sql`${senderAccounts.id}`),
      })
      .from(senderAccounts)
      .leftJoinLateral(total, sql`true`)
      .leftJoin(mailboxSyncs, eq(mailboxSyncs.senderAccountId, senderAccounts.id))
      .where(and(...conditions))
      .orderBy(desc(senderAccounts.createdAt), desc(senderAccounts.id));
    return rows.map((r) =>
      toDto(r.sender, r.sentCount ?? 0, toMailboxSyncDto(r.mailboxSync, toSkippedMessages(r.skipped))),
    );
  }

  function toDto(row: SenderAccount, sentCount: number, mailboxSync: SenderMailboxSync | null = null): Sender {
    return toSenderDto(row, sentCount, config, mailboxSync);
  }

  async function get(userId: string, senderId: string): Promise<Sender> {
    if (!UUID.test(senderId)) throw notFound();
    const [sender] = await select(userId, senderId);
    if (!sender) throw notFound();
    return sender;
  }

  /** The user's saved sender row, or 404. */
  async function ownRow(userId: string, senderId: string): Promise<SenderAccount> {
    if (!UUID.test(senderId)) throw notFound();
    const [row] = await db
      .select()
      .from(senderAccounts)
      .where(
        and(eq(senderAccounts.id, senderId), eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)),
      );
    if (!row) throw notFound();
    return row;
  }

  /** undefined keeps the stored connection, null removes it, an omitted password keeps the stored one. */
  /** An empty username is stored as the sender's email address (the form's hint), so every reader finds one. */
  function smtpColumns(smtp: SmtpConnectionInput | null | undefined, email: string): Columns {
    if (smtp === undefined) return {};
    if (smtp === null) {
      return { smtpHost: null, smtpPort: null, smtpSecurity: null, smtpUsername: null, smtpPasswordEncrypted: null };
    }
    return {
      smtpHost: smtp.host,
      smtpPort: smtp.port,
      smtpSecurity: smtp.security,
      smtpUsername: smtp.username || email,
      ...(smtp.password ? { smtpPasswordEncrypted: secrets.encrypt(smtp.password, SMTP_PASSWORD) } : {}),
    };
  }

  function imapColumns(imap: ImapConnectionInput | null | undefined): Columns {
    if (imap === undefined) return {};
    if (imap === null) return { imapHost: null, imapPort: null, imapUsername: null, imapPasswordEncrypted: null };
    return {
      imapHost: imap.host,
      imapPort: imap.port,
      imapUsername: imap.username || null,
      ...(imap.password ? { imapPasswordEncrypted: secrets.encrypt(imap.password, IMAP_PASSWORD) } : {}),
    };
  }

  return {
    /** Saved senders, newest first. */
    async list(userId: string): Promise<Sender[]> {
      return select(userId);
    },

    get,

    async create(userId: string, input: SenderInput): Promise<Sender> {
      try {
        const [row] = await db
          .insert(senderAccounts)
          .values({
            userId,
            email: input.email,
            provider: input.provider,
            dailyLimit: input.dailyLimit,
            ...smtpColumns(input.smtp, input.email),
            ...imapColumns(input.imap),
          })
          .returning();
        if (!row) throw new Error("sender insert returned no row");
        return toDto(row, 0);
      } catch (err) {
        // The partial unique index on (user_id, lower(email)) decides, so two
        // adds at once cannot both succeed.
        if (violates(err, SAVED_EMAIL_UNIQUE)) throw duplicate(input.email);
        throw err;
      }
    },

    async update(userId: string, senderId: string, input: SenderInput): Promise<Sender> {
      const current = await ownRow(userId, senderId);
      const fields: Record<string, string> = {};
      const smtpAgain = input.smtp && smtpPasswordAgain(current, input.smtp);
      if (smtpAgain) fields["smtp.password"] = smtpAgain;
      const imapAgain = input.imap && imapPasswordAgain(current, input.imap);
      if (imapAgain) fields["imap.password"] = imapAgain;
      const borrowedAgain = borrowedPasswordAgain(current, input);
      if (borrowedAgain && !fields["smtp.password"]) fields["smtp.password"] = borrowedAgain;
      const [first] = Object.values(fields);
      // Nothing is written: the stored password stays with the settings it was saved for.
      if (first) throw new AppError("validation_error", first, { fields });
      let updated: { id: string } | undefined;
      try {
        [updated] = await db
          .update(senderAccounts)
          .set({
            email: input.email,
            provider: input.provider,
            dailyLimit: input.dailyLimit,
            ...smtpColumns(input.smtp, input.email),
            ...imapColumns(input.imap),
          })
          .where(
            and(eq(senderAccounts.id, senderId), eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)),
          )
          .returning({ id: senderAccounts.id });
      } catch (err) {
        if (violates(err, SAVED_EMAIL_UNIQUE)) throw duplicate(input.email);
        throw err;
      }
      if (!updated) throw notFound();
      return get(userId, senderId);
    },

    /** Deletes the saved sender. Campaign copies imported from it keep their rows (source link SET NULL). */
    async remove(userId: string, senderId: string): Promise<void> {
      if (!UUID.test(senderId)) throw notFound();
      const deleted = await db
        .delete(senderAccounts)
        .where(
          and(eq(senderAccounts.id, senderId), eq(senderAccounts.userId, userId), isNull(senderAccounts.campaignId)),
        )
        .returning({ id: senderAccounts.id });
      if (deleted.length === 0) throw notFound();
    },

    /** Tests form values that are not saved (the add dialog). */
    async testUnsaved(userId: string, input: ConnectionTestInput): Promise<ConnectionTestResult> {
      const username = input.smtp.username || input.email;
      if (!username) {
        throw new AppError("validation_error", USERNAME_OR_EMAIL_NEEDED, {
          fields: { "smtp.username": USERNAME_OR_EMAIL_NEEDED },
        });
      }
      await limitConnectionTests(userId);
      return testSmtpConnection({ ...input.smtp, username }, testOptions);
    },

    /**
     * Tests a saved sender's connection, or edited values with its stored
     * password (a 400 when the edit moved it to another host or weaker security).
     */
    async testSaved(userId: string, senderId: string, input: SavedConnectionTestInput): Promise<ConnectionTestResult> {
      await limitConnectionTests(userId);
      const row = await ownRow(userId, senderId);
      const smtp = input.smtp ?? storedSmtp(row);
      const again = input.smtp && smtpPasswordAgain(row, input.smtp);
      if (again) throw new AppError("validation_error", again, { fields: { "smtp.password": again } });
      if (!smtp) {
        return {
          ok: false,
          category: "other",
          message: "This sender has no SMTP connection yet. Add the SMTP host, username and password.",
        };
      }
      let password = smtp.password;
      if (!password && row.smtpPasswordEncrypted) {
        try {
          password = secrets.decrypt(row.smtpPasswordEncrypted, SMTP_PASSWORD);
        } catch (err) {
          if (!(err instanceof SecretDecryptError)) throw err;
          return {
            ok: false,
            category: "authentication",
            message: "The stored password could not be decrypted (was APP_SECRET changed?). Enter the password again.",
          };
        }
      }
      if (!password) {
        return {
          ok: false,
          category: "authentication",
          message: "No SMTP password is stored for this sender. Enter the password (an app password for Gmail).",
        };
      }
      return testSmtpConnection({ ...smtp, username: smtp.username || row.email, password }, testOptions);
    },
  };
}

/**
 * Why the SMTP password must be typed again for `next` (it keeps the stored
 * one by leaving it out), or null. A stored row without a security mode is
 * judged as if it had the strongest.
 */
function smtpPasswordAgain(row: SenderAccount, next: SmtpConnectionInput): string | null {
  if (next.password || !row.smtpPasswordEncrypted) return null;
  return smtpPasswordNeededAgain(
    { host: row.smtpHost ?? "", port: row.smtpPort ?? 0, security: row.smtpSecurity ?? "tls" },
    next,
  );
}

function imapPasswordAgain(row: SenderAccount, next: ImapConnectionInput): string | null {
  if (next.password || !row.imapPasswordEncrypted) return null;
  return imapPasswordNeededAgain({ host: row.imapHost ?? "", port: row.imapPort ?? 0 }, next);
}

/**
 * Reply sync without an IMAP password of its own signs in with the stored SMTP
 * password (mailbox/sources.ts): an IMAP server added or moved by this update
 * needs that password typed again, as a new SMTP host does.
 */
function borrowedPasswordAgain(row: SenderAccount, input: SenderInput): string | null {
  // IMAP left as it is, no stored password to follow, or the password typed with these settings.
  if (input.imap === undefined || !row.smtpPasswordEncrypted || input.smtp === null || input.smtp?.password) {
    return null;
  }
  // IMAP with a password of its own (sent now, or stored and checked by imapPasswordAgain) borrows nothing.
  if (input.imap?.password || (input.imap && row.imapPasswordEncrypted)) return null;
  const saved = row.imapHost && row.imapPort ? { host: row.imapHost, port: row.imapPort } : null;
  return borrowedPasswordNeededAgain(saved, input.imap && { host: input.imap.host, port: input.imap.port });
}

function storedSmtp(row: SenderAccount): SmtpConnectionInput | null {
  if (!row.smtpHost || !row.smtpPort || !row.smtpSecurity || !row.smtpUsername) return null;
  return { host: row.smtpHost, port: row.smtpPort, security: row.smtpSecurity, username: row.smtpUsername };
}

export type SendersService = ReturnType<typeof createSendersService>;
