// A user's data for the security suites, made through the API as a user would
// make it: a saved sender, a template, a campaign with contacts and two steps,
// launched so that there are sends, a direct email, a scheduling link with
// a meeting booked on its public page, and a block list with a block and a
// hard bounce on it, and an API key (read & write). Returns the ids of
// each kind of object, so a suite can put them into any route that names one.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Db } from "../../../src/server/db/client.ts";
import { addSuppression } from "../../../src/server/domain/suppressions.ts";
import { captureSmtpUrl } from "../../../src/server/mail/system-mailer.ts";
import { signToken } from "../../../src/server/mail/tokens.ts";
import { recoverClaims } from "../../../src/server/sending/recovery/recover-claims.ts";
import { addDays } from "../../../src/shared/zoned-time.ts";
import type { TestContext } from "../test-app.ts";

/** The kinds of object an id in a route can name. */
export type IdKind =
  | "apiKey"
  | "attachmentIndex"
  | "blockEntry"
  | "campaign"
  | "capturedMessage"
  | "capturedMessageWithAttachment"
  | "campaignSender"
  | "contact"
  | "contactEmail"
  | "recipientEmail"
  | "reply"
  | "send"
  | "sender"
  | "senderEmail"
  | "senderDomain"
  | "spamEmail"
  | "template"
  | "unknownSend"
  | "schedulingLink"
  | "linkCode"
  | "meetingToken"
  | "meeting"
  | "dkimKey"
  | "launchKey"
  | "session"
  | "step"
  | "suppression"
  | "webhookEndpoint"
  | "webhookDelivery";

export type TenantData = {
  ids: Record<IdKind, string>;
  /** Every id of the user's objects and the marker in their texts: none may show up in another user's answers. */
  traces: string[];
  /** The user's API key (read & write), for requests made with a key instead of the cookie. */
  apiKey: string;
};

export type Smtp = { host: string; port: number };

async function call<T>(ctx: TestContext, cookie: string, method: string, path: string, json?: unknown): Promise<T> {
  const res = await ctx.request(path, { method, cookie, json });
  if (!res.ok) throw new Error(`seeding: ${method} ${path} answered ${res.status} ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/**
 * Seeds a signed-in user's data. `marker` goes into every free text (names,
 * subjects, bodies), so a leak of this user's data is a plain substring.
 */
export async function seedTenant(
  ctx: TestContext,
  cookie: string,
  marker: string,
  smtp: Smtp = { host: "127.0.0.1", port: 9 },
): Promise<TenantData> {
  const slug = marker.toLowerCase();
  // A domain of the tenant's own, so that domain health has a domain only this user may check.
  const senderDomain = `${slug}.example.test`;
  const senderEmail = `${slug}-sender@${senderDomain}`;
  const sender = await call<{ id: string }>(ctx, cookie, "POST", "/api/senders", {
    email: senderEmail,
    provider: "custom",
    dailyLimit: 50,
    smtp: { ...smtp, security: "none", username: senderEmail, password: `${marker}-password` },
  });
  // Her mailbox's pacing (one that holds none of the sends below back): Bob naming
  // her address must neither read nor change it.
  await call(ctx, cookie, "PUT", "/api/sender-pacing", {
    email: senderEmail,
    gapMinSeconds: 0,
    gapMaxSeconds: 0,
    hourlyLimit: 500,
    ramp: null,
  });
  const step = (n: number) => ({
    subject: `${marker} step ${n} for {{firstName}}`,
    body: `Hello {{firstName}}, ${marker} body ${n}`,
    bodyFormat: "text",
    delayAmount: n === 1 ? 0 : 2,
    delayUnit: "days",
    scheduledDate: null,
    scheduledTime: null,
  });
  const template = await call<{ id: string }>(ctx, cookie, "POST", "/api/templates", {
    name: `${marker} template`,
    description: `${marker} description`,
    tags: [`${marker}-tag`],
    sequence: [step(1), step(2)],
  });
  const contactEmail = `${slug}-contact-1@prospects.test`;
  const created = await call<{ campaign: { id: string }; senders: { id: string }[]; sequence: { id: string }[] }>(
    ctx,
    cookie,
    "POST",
    "/api/campaigns",
    {
      name: `${marker} campaign`,
      description: `${marker} campaign description`,
      emailColumn: "email",
      senderAccounts: [{ email: senderEmail, provider: "custom", dailyLimit: 50, savedSenderId: sender.id }],
      contacts: [1, 2, 3].map((i) => ({
        email: `${slug}-contact-${i}@prospects.test`,
        firstName: `${marker}First${i}`,
        lastName: `${marker}Last${i}`,
        company: `${marker} Company`,
        customFields: { note: `${marker} note ${i}` },
      })),
      // Step 1 with an A/B variant, so a winner can be picked.
      sequence: [{ ...step(1), variants: [{ subject: `${marker} variant B`, body: null }] }, step(2)],
    },
  );
  const campaignId = created.campaign.id;
  const campaignSenderId = created.senders[0]?.id;
  if (!campaignSenderId) throw new Error("seeding: the campaign has no sender");
  const launched = await call<{ emailsSent: number }>(ctx, cookie, "POST", `/api/campaigns/${campaignId}/launch`);
  if (launched.emailsSent === 0) throw new Error("seeding: the launch sent nothing (is the clock in the window?)");
  // A campaign stored and launched in one request, as the wizard does, under a launch key of this user's.
  const launchKey = randomUUID();
  const oneRequest = await call<{ campaignId: string }>(ctx, cookie, "POST", "/api/campaigns/launch", {
    name: `${marker} one-request campaign`,
    emailColumn: "email",
    senderAccounts: [{ email: senderEmail, provider: "custom", dailyLimit: 50, savedSenderId: sender.id }],
    contacts: [{ email: `${slug}-one-request@prospects.test`, firstName: `${marker}OneRequest`, customFields: {} }],
    sequence: [step(1)],
    launchKey,
  });
  const recipientEmail = `${slug}-direct@prospects.test`;
  await call(ctx, cookie, "POST", "/api/emails/direct", {
    from: senderEmail,
    to: recipientEmail,
    subject: `${marker} direct subject`,
    message: `${marker} direct message`,
  });
  const contacts = await call<{ contacts: { id: string; email: string }[] }>(
    ctx,
    cookie,
    "GET",
    `/api/campaigns/${campaignId}/contacts`,
  );
  const contact = contacts.contacts.find((c) => c.email === contactEmail);
  const emails = await call<{ emails: { id: string; campaignId: string | null }[] }>(ctx, cookie, "GET", "/api/emails");
  const send = emails.emails.find((e) => e.campaignId === campaignId);
  const outbox = await call<{ messages: { id: string; to: string[] }[] }>(ctx, cookie, "GET", "/api/outbox");
  const captured = outbox.messages.find((m) => m.to.includes(contactEmail));
  if (!contact || !send || !captured)
    throw new Error("seeding: the launched campaign has no contact or send to point at");
  const withAttachment = await captureMessageWithAttachment(ctx, marker);
  const unknownSend = await makeUnknownSend(ctx.database.db, campaignId, `${slug}-contact-2@prospects.test`);
  // A reply (contact 3 marked as replied by hand, the note carrying the marker) and spam emails.
  await call(ctx, cookie, "POST", "/api/mailbox/reply-tracker/mark-replied", {
    contactEmail: `${slug}-contact-3@prospects.test`,
    campaignId,
    note: `${marker} reply note`,
  });
  const replyList = await call<{ replies: { id: string }[] }>(ctx, cookie, "GET", "/api/mailbox/replies");
  await call(ctx, cookie, "POST", "/api/spam/samples");
  const spamList = await call<{ emails: { id: string }[] }>(ctx, cookie, "GET", "/api/spam");
  const reply = replyList.replies[0]?.id;
  const spamEmail = spamList.emails[0]?.id;
  if (!reply || !spamEmail) throw new Error("seeding: no reply or spam email to point at");
  const booking = await seedBooking(ctx, cookie, marker);
  // Generated last, so the mail above went out as before (unsigned in these suites).
  const dkimKey = await call<{ id: string }>(ctx, cookie, "POST", "/api/dkim-keys", { domain: senderDomain });
  // A tracking host for the domain (not verified: its mail keeps the public host's links): Bob must not change or remove it.
  await call(ctx, cookie, "PUT", `/api/tracking-hosts/${senderDomain}`, { host: `track.${senderDomain}` });
  // The session the user signs in with (Settings › Account lists and ends sessions by id).
  const sessions = await call<{ sessions: { id: string; current: boolean }[] }>(
    ctx,
    cookie,
    "GET",
    "/api/account/sessions",
  );
  const ownSession = sessions.sessions.find((s) => s.current)?.id;
  if (!ownSession) throw new Error("seeding: the user's session is not listed");
  const blocks = await seedBlockList(ctx, cookie, slug);
  const apiKey = await call<{ key: { id: string }; secret: string }>(ctx, cookie, "POST", "/api/api-keys", {
    name: `${marker} key`,
    access: "read_write",
  });
  // A webhook endpoint with one delivery in its log (a test event; no worker runs here, it stays pending).
  const webhook = await call<{ endpoint: { id: string } }>(ctx, cookie, "POST", "/api/webhooks", {
    url: `https://hooks.${slug}.example.test/${marker}`,
    events: ["email.sent"],
  });
  const webhookDelivery = await call<{ id: string }>(ctx, cookie, "POST", `/api/webhooks/${webhook.endpoint.id}/test`);
  const ids: Record<IdKind, string> = {
    apiKey: apiKey.key.id,
    attachmentIndex: "0",
    blockEntry: blocks.blockEntry,
    suppression: blocks.suppression,
    campaign: campaignId,
    capturedMessage: captured.id,
    capturedMessageWithAttachment: withAttachment,
    campaignSender: campaignSenderId,
    contact: contact.id,
    contactEmail,
    recipientEmail,
    send: send.id,
    sender: sender.id,
    senderEmail,
    senderDomain,
    spamEmail,
    template: template.id,
    unknownSend,
    reply,
    schedulingLink: booking.linkId,
    linkCode: booking.linkCode,
    meetingToken: booking.token,
    meeting: booking.meetingId,
    dkimKey: dkimKey.id,
    launchKey,
    session: ownSession,
    step: created.sequence[0]?.id ?? "",
    webhookEndpoint: webhook.endpoint.id,
    webhookDelivery: webhookDelivery.id,
  };
  const everyId = [
    oneRequest.campaignId,
    ...contacts.contacts.map((c) => c.id),
    ...emails.emails.map((e) => e.id),
    ...spamList.emails.map((e) => e.id),
  ];
  // An attachment's index ("0") is a position, not this user's data: any answer may hold it.
  const { attachmentIndex: _position, ...ownIds } = ids;
  return {
    ids,
    traces: [marker, ...new Set([...Object.values(ownIds), ...everyId, apiKey.secret])],
    apiKey: apiKey.secret,
  };
}

/** A blocked domain (the API's Add) and a hard-bounced address on the suppression list (as the mailbox sync adds one). */
async function seedBlockList(ctx: TestContext, cookie: string, slug: string) {
  const domain = `${slug}-blocked.test`;
  await call(ctx, cookie, "POST", "/api/block-list", { entries: [`@${domain}`] });
  const [owner] = await rows<{ user_id: string }>(
    ctx.database.db,
    sql`select user_id from block_list where value = ${domain}`,
  );
  if (!owner) throw new Error("seeding: the block was not stored");
  await addSuppression(ctx.database.db, owner.user_id, `${slug}-bounced@prospects.test`, "bounced");
  const list = await call<{ items: { id: string; list: string }[] }>(ctx, cookie, "GET", "/api/block-list");
  const blockEntry = list.items.find((i) => i.list === "block")?.id;
  const suppression = list.items.find((i) => i.list === "suppression")?.id;
  if (!blockEntry || !suppression) throw new Error("seeding: the block list holds no block or no suppression");
  return { blockEntry, suppression };
}

/** A message with an attachment in the capture outbox (campaign mail has none), sent over SMTP like any mail. */
async function captureMessageWithAttachment(ctx: TestContext, marker: string): Promise<string> {
  const subject = `${marker} message with an attachment`;
  const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
  try {
    await transport.sendMail({
      from: "system@coldreach.test",
      to: `${marker.toLowerCase()}-files@prospects.test`,
      subject,
      text: `${marker} see the attachment`,
      attachments: [{ filename: "notes.txt", content: `${marker} notes` }],
    });
  } finally {
    transport.close();
  }
  const res = await ctx.request("/api/outbox?limit=200");
  const list = (await res.json()) as { messages: { id: string; subject: string }[] };
  const id = list.messages.find((m) => m.subject === subject)?.id;
  if (!id) throw new Error("seeding: the message with an attachment was not captured");
  return id;
}

/**
 * A scheduling link and a meeting a visitor booked on its public page (the
 * first free time from the app's today), with the token of its cancel link.
 * Waits for the booking's two messages (confirmation, owner's notice), which
 * go out in the background, so that they do not land in a later snapshot.
 */
async function seedBooking(ctx: TestContext, cookie: string, marker: string) {
  const title = `${marker} intro call`;
  const link = await call<{ id: string; linkCode: string }>(ctx, cookie, "POST", "/api/scheduling-links", {
    title,
    description: `${marker} link description`,
    durationMinutes: 30,
    availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
    availableTimeStart: "09:00",
    availableTimeEnd: "17:00",
    timezone: "Asia/Baghdad",
  });
  const page = await call<{ today: string }>(ctx, "", "GET", `/api/public/schedule/${link.linkCode}`);
  let slot: { date: string; time: string } | undefined;
  for (let day = 1; day <= 14 && !slot; day++) {
    const date = addDays(page.today, day);
    const free = await call<{ slots: { time: string }[] }>(
      ctx,
      "",
      "GET",
      `/api/public/schedule/${link.linkCode}/slots?date=${date}`,
    );
    if (free.slots[0]) slot = { date, time: free.slots[0].time };
  }
  if (!slot) throw new Error("seeding: the scheduling link offers no time in the next two weeks");
  await call(ctx, "", "POST", `/api/public/schedule/${link.linkCode}/meetings`, {
    ...slot,
    email: `${marker.toLowerCase()}-booker@prospects.test`,
    name: `${marker} Booker`,
  });
  const [meeting] = await rows<{ id: string }>(
    ctx.database.db,
    sql`select id from scheduled_meetings where link_id = ${link.id}::uuid`,
  );
  if (!meeting) throw new Error("seeding: the booking stored no meeting");
  const subjects = [`Meeting scheduled: ${title}`, `New meeting booked: ${title}`];
  for (let waited = 0; ; waited += 50) {
    const [sent] = await rows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from captured_emails where subject in (${subjects[0]}, ${subjects[1]})`,
    );
    if (sent?.n === 2) break;
    if (waited > 10_000) throw new Error("seeding: the booking's mail was not captured");
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    linkId: link.id,
    linkCode: link.linkCode,
    meetingId: meeting.id,
    token: signToken(ctx.config.appSecret, "meeting", meeting.id),
  };
}

/**
 * A send whose delivery is unknown, as the engine leaves it: the contact's
 * queued step 2 claimed and handed off by a worker that then died, recovered.
 */
async function makeUnknownSend(db: Db, campaignId: string, contactEmail: string): Promise<string> {
  const [row] = await rows<{ id: string }>(
    db,
    sql`update scheduled_emails se set status = 'sending', locked_by = 'a-worker-that-died',
          lease_expires_at = now() + interval '10 minutes', handed_off_at = now()
        from contacts ct
        where ct.id = se.contact_id and ct.email = ${contactEmail} and se.campaign_id = ${campaignId}::uuid
          and se.status = 'scheduled'
        returning se.id`,
  );
  if (!row) throw new Error("seeding: no queued step to leave unknown");
  await recoverClaims(db, { now: new Date(), deadAfterMs: 30_000 });
  return row.id;
}

/** Tables that change on every request (sessions, better-auth's and the public pages' rate limits), not user data. */
const BOOKKEEPING_TABLES = new Set(["session", "verification", "rate_limit", "rate_limits"]);

type Snapshot = Record<string, string[]>;

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The tables of user data and the columns that tie their rows to a user. */
async function dataTables(db: Db): Promise<{ name: string; columns: string[] }[]> {
  const found = await rows<{ name: string; columns: string[] }>(
    db,
    sql`select table_name as name, array_agg(column_name::text) as columns from information_schema.columns
        where table_schema = 'public' and table_name in
          (select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE')
        group by table_name order by table_name`,
  );
  return found.filter((t) => !BOOKKEEPING_TABLES.has(t.name));
}

/** Every row of every table of user data, as JSON text, by table. */
export async function snapshotData(db: Db): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const { name } of await dataTables(db)) {
    const found = await rows<{ row: string }>(
      db,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t order by 1`,
    );
    out[name] = found.map((r) => r.row);
  }
  return out;
}

/**
 * The rows of one user's data, by table: rows with the user's id, rows of the
 * user's campaigns or sender accounts (for tables that only point at those),
 * and tables that belong to nobody (captured mail) whole.
 */
export async function snapshotUserData(db: Db, userId: string): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const { name, columns } of await dataTables(db)) {
    const has = (column: string) => columns.includes(column);
    const owner = has("user_id")
      ? sql`t.user_id = ${userId}`
      : name === "user"
        ? sql`t.id = ${userId}`
        : has("campaign_id")
          ? sql`t.campaign_id in (select id from campaigns where user_id = ${userId})`
          : has("sender_account_id")
            ? sql`t.sender_account_id in (select id from sender_accounts where user_id = ${userId})`
            : sql`true`;
    const found = await rows<{ row: string }>(
      db,
      sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t where ${owner} order by 1`,
    );
    out[name] = found.map((r) => r.row);
  }
  return out;
}

/** What changed between two snapshots, one line per added or removed row (empty when nothing did). */
export function dataChanges(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const was = new Set(before[table] ?? []);
    const now = new Set(after[table] ?? []);
    for (const row of was) if (!now.has(row)) lines.push(`${table}: - ${row}`);
    for (const row of now) if (!was.has(row)) lines.push(`${table}: + ${row}`);
  }
  return lines;
}
