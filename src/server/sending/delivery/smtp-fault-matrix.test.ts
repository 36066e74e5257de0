// The SMTP fault matrix: every way a sender's server commonly fails, injected
// by a real SMTP peer, driven through the production path (launch → the
// sending engine → the live transport on the delivery thread → the server),
// and what the engine made of it: the failure category and reason, whether
// the send is retried, whether the address is suppressed (a hard bounce), and
// the troubleshooting text stored with it. One row, one assertion.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FailureCategory, FailureReason, SmtpSecurityMode } from "#shared/db-enums.ts";
import {
  failureTroubleshooting,
  parseSendErrorMessage,
  reasonTroubleshooting,
} from "#shared/sending/send-error-message.ts";
import { createCampaign, fakeClock, launch, people } from "../../../../tests/support/sending-fixtures.ts";
import { closedPort, type RunningSmtpServer, startAuthSmtpServer } from "../../../../tests/support/smtp-servers.ts";
import { type SmtpFault, type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createTestContext, type TestContext, testConfig } from "../../../../tests/support/test-app.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { contacts, emailSends, scheduledEmails, suppressions } from "../../db/schema/index.ts";
import { createLogger } from "../../logger.ts";
import type { TransportFactory } from "../outgoing.ts";
import { LOST_CONNECTION_ERROR } from "./attempt-send.ts";
import { createTransportFactory } from "./transports.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
/** How long the transport waits for a reply mid-session; the slow server answers after SLOW_MS. */
const SOCKET_TIMEOUT_MS = 1_000;
const SLOW_MS = 2_500;

let ctx: TestContext;
let transports: TransportFactory;
let owner: { cookie: string };
/** Accepts any login; faults are added per row. */
let sink: SmtpSink;
/** Wants a login the senders here do not have: 535 5.7.8. */
let locked: SmtpSink;
/** Offers STARTTLS with smtp-server's built-in certificate (self-signed, expired): not trusted. */
let starttls: RunningSmtpServer;
let refusedPort: number;

beforeAll(async () => {
  [sink, locked, starttls, refusedPort] = await Promise.all([
    startSmtpSink(),
    startSmtpSink({ auth: { username: "mailer", password: "the-right-one" } }),
    startAuthSmtpServer({ starttls: true }),
    closedPort(),
  ]);
  const env = { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" };
  const config = testConfig(env);
  // Each sender's own SMTP connection, as in production, with a short mid-session timeout.
  transports = createTransportFactory({
    config,
    secrets: createSecretBox(config.appSecret),
    log: createLogger("silent"),
    smtp: { timeoutMs: 5_000, socketTimeoutMs: SOCKET_TIMEOUT_MS },
  });
  ctx = await createTestContext(env, undefined, { transports, now: clock.now });
  owner = await ctx.signUpVerified("fault-matrix@example.com");
});
afterAll(async () => {
  transports?.closeAll();
  await ctx?.close();
  await Promise.all([sink?.close(), locked?.close(), starttls?.close()]);
});

type Row = {
  name: string;
  /** The sender's SMTP server. */
  server: () => { port: number; security: SmtpSecurityMode };
  /** Injected into `sink` for this row's recipient (or its next session). */
  fault?: (recipient: string) => SmtpFault;
  category: FailureCategory;
  reason: FailureReason;
  retried: boolean;
  /** A hard bounce: the contact is marked bounced and the address suppressed. */
  suppressed?: boolean;
  /** Where a send that is not retried ends: failed, or unknown (it may have been accepted: the user decides). */
  queued?: "failed" | "unknown";
  /** Part of the error shown with the failure. */
  error: string;
};

const plain = () => ({ port: sink.port, security: "none" as const });

const rows: Row[] = [
  {
    name: "550 5.1.1 at RCPT",
    server: plain,
    fault: (to) => smtpFaults.rejectRecipient(to),
    category: "invalid_address",
    reason: "user_unknown",
    retried: false,
    suppressed: true,
    error: "550 5.1.1",
  },
  {
    name: "552 5.2.2 at RCPT",
    server: plain,
    fault: (to) => smtpFaults.rejectRecipient(to, "552 5.2.2 Mailbox full"),
    category: "bounced",
    reason: "mailbox_full",
    retried: false,
    error: '"552 5.2.2 Mailbox full"',
  },
  {
    name: "554 5.7.1 after DATA",
    server: plain,
    fault: (to) => smtpFaults.rejectMessage("554 5.7.1 Message refused by policy", { recipient: to }),
    category: "rejected",
    reason: "policy",
    retried: false,
    error: '"554 5.7.1 Message refused by policy"',
  },
  {
    name: "550 5.7.23 SPF after DATA: about the sender, the address is kept",
    server: plain,
    fault: (to) =>
      smtpFaults.rejectMessage("550 5.7.23 SPF validation failed for sender.example.com", { recipient: to }),
    category: "authentication",
    reason: "auth_spf",
    retried: false,
    error: '"550 5.7.23 SPF validation failed for sender.example.com"',
  },
  {
    name: "554 5.7.1 block list at RCPT: about the sender, the address is kept",
    server: plain,
    fault: (to) =>
      smtpFaults.rejectRecipient(
        to,
        "554 5.7.1 Service unavailable; Client host [127.0.0.1] blocked using zen.spamhaus.org",
      ),
    category: "blocked",
    reason: "reputation",
    retried: false,
    error: "blocked using zen.spamhaus.org",
  },
  {
    name: "550 5.7.25 no PTR record after DATA",
    server: plain,
    fault: (to) =>
      smtpFaults.rejectMessage("550 5.7.25 The IP address sending this message does not have a PTR record setup", {
        recipient: to,
      }),
    category: "blocked",
    reason: "reverse_dns",
    retried: false,
    error: "does not have a PTR record",
  },
  {
    name: "552 5.3.4 message too big after DATA",
    server: plain,
    fault: (to) =>
      smtpFaults.rejectMessage("552 5.3.4 Message size exceeds fixed maximum message size", { recipient: to }),
    category: "content_filtered",
    reason: "message_too_big",
    retried: false,
    error: "Message size exceeds",
  },
  {
    name: "421 4.7.0 at RCPT",
    server: plain,
    fault: (to) => smtpFaults.tryAgainLater(to),
    category: "rate_limited",
    reason: "rate_limited",
    retried: true,
    error: '"421 4.7.0 Try again later"',
  },
  {
    name: "451 4.3.0 after DATA",
    server: plain,
    fault: (to) => smtpFaults.rejectMessage("451 4.3.0 Local error in processing", { recipient: to }),
    category: "other",
    reason: "other",
    retried: true,
    error: '"451 4.3.0 Local error in processing"',
  },
  {
    name: "535 5.7.8 at AUTH",
    server: () => ({ port: locked.port, security: "none" }),
    category: "authentication",
    reason: "sender_login",
    retried: false,
    error: "The server rejected the username or password",
  },
  {
    name: "connection refused",
    server: () => ({ port: refusedPort, security: "none" }),
    category: "network",
    reason: "network",
    retried: true,
    error: "the connection was refused",
  },
  {
    name: "connection dropped during DATA",
    server: plain,
    fault: (to) => smtpFaults.dropMidData({ recipient: to }),
    category: "network",
    reason: "network",
    retried: false,
    queued: "unknown",
    error: LOST_CONNECTION_ERROR,
  },
  {
    name: "STARTTLS with an untrusted certificate",
    server: () => ({ port: starttls.port, security: "starttls" }),
    category: "network",
    reason: "network",
    retried: true,
    error: "is not trusted (",
  },
  {
    name: "implicit TLS to a plain-text server",
    server: () => ({ port: sink.port, security: "tls" }),
    category: "network",
    reason: "network",
    retried: true,
    error: "The secure (TLS) connection",
  },
  {
    name: "a server slower than the timeout",
    server: plain,
    fault: () => smtpFaults.delay(SLOW_MS, { stage: "mail", times: 1 }),
    category: "network",
    reason: "network",
    retried: true,
    error: "timed out",
  },
];

/** A sender on the row's server, a one-contact campaign from it, launched; what the engine recorded. */
async function runRow(row: Row, index: number) {
  const senderEmail = `sender-${index}@acme.test`;
  const server = row.server();
  const created = await ctx.request("/api/senders", {
    method: "POST",
    cookie: owner.cookie,
    json: {
      email: senderEmail,
      provider: "custom",
      dailyLimit: 50,
      smtp: { host: "127.0.0.1", ...server, username: "mailer", password: "not-the-right-one" },
    },
  });
  expect(created.status).toBe(201);
  const { id: savedSenderId } = (await created.json()) as { id: string };
  const prefix = `row${index}`;
  const recipient = `${prefix}-1@prospects.test`;
  if (row.fault) sink.addFault(row.fault(recipient));
  const campaign = await createCampaign(ctx, owner.cookie, {
    senderAccounts: [{ email: senderEmail, provider: "custom", dailyLimit: 50, savedSenderId }],
    contacts: people(1, prefix),
  });
  const launched = await launch(ctx, owner.cookie, campaign.campaign.id);
  const db = ctx.database.db;
  const [contact] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.campaignId, campaign.campaign.id), eq(contacts.email, recipient)));
  const [send] = await db.select().from(emailSends).where(eq(emailSends.contactId, contact!.id));
  const [queued] = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
  const details = parseSendErrorMessage(send?.errorMessage);
  const suppressed = await db.select().from(suppressions).where(eq(suppressions.email, recipient));
  return {
    category: send?.failureCategory,
    reason: send?.failureReason,
    suppressed: contact?.status === "bounced" && suppressed.length === 1,
    // A retried send waits in the queue for its next attempt; a failed one is done,
    // or (it may have been accepted) waits for the user's decision.
    retried: queued?.status === "scheduled" && launched.body.emailsRetrying === 1,
    failed: launched.body.emailsFailed === 1 ? queued?.status : undefined,
    troubleshooting: details?.troubleshooting,
    error: details?.error,
  };
}

describe("SMTP fault matrix (live transport, delivery thread, sending engine)", () => {
  it.each(rows.map((row, index) => [row.name, row, index] as const))("%s", async (_name, row, index) => {
    const outcome = await runRow(row, index);
    expect(outcome).toEqual({
      category: row.category,
      reason: row.reason,
      suppressed: row.suppressed ?? false,
      retried: row.retried,
      failed: row.retried ? undefined : (row.queued ?? "failed"),
      troubleshooting: reasonTroubleshooting[row.reason] ?? failureTroubleshooting[row.category],
      error: expect.stringContaining(row.error),
    });
  });
});
