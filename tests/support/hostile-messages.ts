// Inbound messages that once stopped a sender's mailbox sync for good (issue
// 26 §3, a–d), the forged bounce of §4, a genuine threaded reply to follow
// them, and fast-check's hostile messages: random header sets and values,
// encodings, NUL and control bytes, dates from year 0 to 99999, nesting and
// part counts, long identifiers, huge words and truncated MIME. Each builder returns the
// raw message (RFC 5322, CRLF), as a mail server would hand it over.
import { randomBytes, randomUUID } from "node:crypto";
import fc from "fast-check";

const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

/** What a builder needs of one of our sends: its Message-ID, subject and the address it went to. */
export type SentMessage = { messageId: string; subject: string; toEmail: string };

/** A person's plain answer in the thread of `send` (the message every hostile one is followed by). */
export function genuineReply(o: { sender: string; send: SentMessage; messageId?: string }): {
  raw: string;
  messageId: string;
} {
  const messageId = o.messageId ?? `<genuine-${randomUUID()}@prospects.test>`;
  const raw = crlf([
    `From: Prospect <${o.send.toEmail}>`,
    `To: ${o.sender}`,
    `Subject: Re: ${o.send.subject}`,
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${o.send.messageId}`,
    `References: ${o.send.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    "Yes, let's talk on Thursday.",
  ]);
  return { raw, messageId };
}

/** An RFC 3464 report that `recipient` failed for good (5.1.1), returning the headers of `returned` (if any). */
export function deliveryReport(o: {
  sender: string;
  recipient: string;
  returnedMessageId?: string | null;
  returnedSubject?: string;
  messageId?: string;
  date?: string;
}): string {
  const boundary = `dsn-${randomUUID()}`;
  return crlf([
    "From: Mail Delivery System <MAILER-DAEMON@mx.prospects.test>",
    `To: ${o.sender}`,
    "Subject: Undelivered Mail Returned to Sender",
    `Message-ID: ${o.messageId ?? `<dsn-${randomUUID()}@mx.prospects.test>`}`,
    `Date: ${o.date ?? new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/report; report-type=delivery-status; boundary="${boundary}"`,
    "",
    `--${boundary}`,
    "Content-Type: text/plain",
    "",
    "Your message could not be delivered.",
    `--${boundary}`,
    "Content-Type: message/delivery-status",
    "",
    "Reporting-MTA: dns; mx.prospects.test",
    "",
    `Final-Recipient: rfc822; ${o.recipient}`,
    "Action: failed",
    "Status: 5.1.1",
    `Diagnostic-Code: smtp; 550 5.1.1 <${o.recipient}>: Recipient address rejected: User unknown`,
    "",
    `--${boundary}`,
    "Content-Type: text/rfc822-headers",
    "",
    ...(o.returnedMessageId ? [`Message-ID: ${o.returnedMessageId}`] : []),
    `Subject: ${o.returnedSubject ?? "Hello"}`,
    "",
    `--${boundary}--`,
  ]);
}

/** (a) The Date header of the year 10000: a valid JavaScript date that PostgreSQL cannot store. */
export const YEAR_10000 = "Sat, 01 Jan 10000 00:00:00 +0000";

/** (a) A DSN for `send`, dated in the year 10000. */
export function farFutureBounce(o: { sender: string; send: SentMessage }): string {
  return deliveryReport({
    sender: o.sender,
    recipient: o.send.toEmail,
    returnedMessageId: o.send.messageId,
    returnedSubject: o.send.subject,
    date: YEAR_10000,
  });
}

/** (a) A reply to `send`, dated in the year 10000. */
export function farFutureReply(o: { sender: string; send: SentMessage }): { raw: string; messageId: string } {
  const reply = genuineReply(o);
  return { raw: reply.raw.replace(/^Date: .*$/m, `Date: ${YEAR_10000}`), messageId: reply.messageId };
}

/** (b) A reply to `send` of 1,200 text/plain parts (about 43 KB): past mailparser's 1,000 MIME nodes. */
export function manyPartsReply(o: { sender: string; send: SentMessage; parts?: number }): {
  raw: string;
  messageId: string;
} {
  const boundary = "p";
  const messageId = `<many-parts-${randomUUID()}@prospects.test>`;
  const parts = Array.from({ length: o.parts ?? 1200 }, (_, i) =>
    [`--${boundary}`, "Content-Type: text/plain", "", i === 0 ? "Yes, call me." : `p${i}`].join("\r\n"),
  );
  const raw = crlf([
    `From: <${o.send.toEmail}>`,
    `To: ${o.sender}`,
    `Subject: Re: ${o.send.subject}`,
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${o.send.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    `Content-Type: multipart/mixed; boundary="${boundary}"`,
    "",
    ...parts,
    `--${boundary}--`,
  ]);
  return { raw, messageId };
}

/** (c) A reply to `send` whose quoted-printable body decodes to a NUL byte (`=00`). */
export function nulBodyReply(o: { sender: string; send: SentMessage }): { raw: string; messageId: string } {
  const messageId = `<nul-body-${randomUUID()}@prospects.test>`;
  const raw = crlf([
    `From: Prospect <${o.send.toEmail}>`,
    `To: ${o.sender}`,
    `Subject: Re: ${o.send.subject}`,
    `Message-ID: ${messageId}`,
    `In-Reply-To: ${o.send.messageId}`,
    `Date: ${new Date().toUTCString()}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "Content-Transfer-Encoding: quoted-printable",
    "",
    "Sounds good=00, let's talk.",
  ]);
  return { raw, messageId };
}

/**
 * (d) A DSN for `send` whose own Message-ID is 9.6 KB long: past PostgreSQL's
 * btree row limit of 2,704 bytes (random, so compression cannot bring it under).
 */
export function longMessageIdBounce(o: { sender: string; send: SentMessage }): { raw: string; messageId: string } {
  const messageId = `<${randomBytes(4_800).toString("hex")}@mx.prospects.test>`;
  const raw = deliveryReport({
    sender: o.sender,
    recipient: o.send.toEmail,
    returnedMessageId: o.send.messageId,
    returnedSubject: o.send.subject,
    messageId,
  });
  return { raw, messageId };
}

// ---------------------------------------------------------------- fast-check

const CONTROL = [..."\u0000\u0001\u0007\u0008\u000b\u000c\u001b\u007f"];

/** Header and body text: printable ASCII, other scripts, control bytes and NUL, invalid UTF-8. */
const hostileText = (maxLength: number) =>
  fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.string({ maxLength: 12 }) },
        { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 6 }) },
        { weight: 2, arbitrary: fc.constantFrom(...CONTROL) },
        // Lone bytes that are not UTF-8 (written as latin1: one byte each).
        { weight: 1, arbitrary: fc.constantFrom("\u00ff", "\u00c3", "\u0080", "\u00fe\u00ff") },
        { weight: 1, arbitrary: fc.constantFrom("=?utf-8?B?", "=?x-unknown?Q?=00?=", "?=", "=00", "=\r\n", "\r\n ") },
      ),
      { maxLength },
    )
    .map((chunks) => chunks.join(""));

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** A Date header from year 0 to 99999, or something that is not a date. */
const hostileDate = fc.oneof(
  fc
    .record({
      year: fc.integer({ min: 0, max: 99_999 }),
      month: fc.integer({ min: 0, max: 11 }),
      day: fc.integer({ min: 0, max: 40 }),
      hour: fc.integer({ min: 0, max: 30 }),
      zone: fc.constantFrom("+0000", "-1200", "+1400", "GMT", "+9999", ""),
    })
    .map(
      (d) =>
        `Sat, ${String(d.day).padStart(2, "0")} ${MONTHS[d.month]} ${d.year} ${String(d.hour).padStart(2, "0")}:00:00 ${d.zone}`,
    ),
  hostileText(6),
);

/** Message-IDs: usual, with control bytes, or long enough to break an index (up to 12 KB). */
const hostileId = fc.oneof(
  fc.uuid().map((u) => `<${u}@hostile.test>`),
  hostileText(4).map((t) => `<${t}@hostile.test>`),
  fc.integer({ min: 2_000, max: 12_000 }).map((n) => `<${"i".repeat(n)}@hostile.test>`),
);

const contentTypes = [
  "text/plain",
  "text/html",
  "multipart/mixed",
  "multipart/alternative",
  "multipart/report; report-type=delivery-status",
  "message/rfc822",
  "message/delivery-status",
  "text/rfc822-headers",
  "application/octet-stream",
  "x-garbage/%%",
];
const charsets = ["utf-8", "iso-8859-1", "utf-16", "x-unknown", "", "utf-8\u0000"];
const encodings = ["7bit", "8bit", "quoted-printable", "base64", "binary", "x-uuencode", "garbage"];

type Part = { type: string; charset: string; encoding: string; body: string; children: Part[] };

/** A MIME tree: nesting up to `depth`, up to 1,500 leaves at the top (past mailparser's 1,000 nodes). */
const hostilePart: fc.Arbitrary<Part> = fc.letrec<{ part: Part }>((tie) => ({
  part: fc.record({
    type: fc.constantFrom(...contentTypes),
    charset: fc.constantFrom(...charsets),
    encoding: fc.constantFrom(...encodings),
    body: hostileText(30),
    children: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constant<Part[]>([]),
      fc.array(tie("part"), { maxLength: 4 }),
    ),
  }),
})).part;

const manyLeaves = fc.integer({ min: 900, max: 1_500 }).map(
  (n): Part => ({
    type: "multipart/mixed",
    charset: "",
    encoding: "7bit",
    body: "",
    children: Array.from({ length: n }, (_, i) => ({
      type: "text/plain",
      charset: "utf-8",
      encoding: "7bit",
      body: `p${i}`,
      children: [],
    })),
  }),
);

/** One huge word or run (a slow pattern in the rules would take minutes on it; the rules read 64 KiB). */
const longRun = fc
  .record({
    unit: fc.constantFrom("a", "-", "_", "*", "@", ".", "不", "ab ", "> "),
    length: fc.integer({ min: 10_000, max: 70_000 }),
  })
  .map(
    ({ unit, length }): Part => ({
      type: "text/plain",
      charset: "utf-8",
      encoding: "8bit",
      body: unit.repeat(Math.ceil(length / unit.length)),
      children: [],
    }),
  );

let boundaryCount = 0;
function renderPart(part: Part): string[] {
  const lines: string[] = [];
  if (part.children.length > 0) {
    boundaryCount += 1;
    const boundary = `b${boundaryCount}`;
    lines.push(`Content-Type: multipart/mixed; boundary="${boundary}"`, "");
    for (const child of part.children) lines.push(`--${boundary}`, ...renderPart(child));
    lines.push(`--${boundary}--`);
    return lines;
  }
  lines.push(
    `Content-Type: ${part.type}${part.charset ? `; charset="${part.charset}"` : ""}`,
    `Content-Transfer-Encoding: ${part.encoding}`,
    "",
    part.body,
  );
  return lines;
}

const headerNames = [
  "From",
  "To",
  "Cc",
  "Subject",
  "Date",
  "Message-ID",
  "In-Reply-To",
  "References",
  "Content-Type",
  "Content-Transfer-Encoding",
  "MIME-Version",
  "Auto-Submitted",
  "X-Autoreply",
  "Precedence",
  "Return-Path",
  "List-Unsubscribe",
  "X-Failed-Recipients",
];

/** A hostile message; fast-check prints it by its description (the bytes follow from the seed). */
export type HostileMessage = { raw: Buffer; describe: string; [fc.toStringMethod](): string };

/**
 * A hostile message to `sender`. `threadIds` are real Message-IDs it may
 * claim to answer or to return (so it reaches the reply and bounce rules);
 * `addresses` real prospects it may claim to come from.
 */
export function hostileMessage(o: { sender: string; threadIds: string[]; addresses: string[] }) {
  const real = <T>(list: T[], fallback: fc.Arbitrary<T>) =>
    list.length > 0 ? fc.oneof(fc.constantFrom(...list), fallback) : fallback;
  return fc
    .record({
      from: fc.oneof(
        real(o.addresses, fc.constant("x@hostile.test")).map((a) => `<${a}>`),
        fc.constant("Mail Delivery System <MAILER-DAEMON@mx.hostile.test>"),
        hostileText(8),
      ),
      subject: fc.oneof(fc.constant("Undelivered Mail Returned to Sender"), fc.constant("Re: Hello"), hostileText(10)),
      date: fc.option(hostileDate, { nil: undefined }),
      messageId: fc.option(hostileId, { nil: undefined }),
      inReplyTo: fc.option(real(o.threadIds, hostileId), { nil: undefined }),
      references: fc.option(fc.array(real(o.threadIds, hostileId), { maxLength: 5 }), { nil: undefined }),
      extra: fc.array(
        fc.record({
          name: fc.oneof(fc.constantFrom(...headerNames), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,20}$/)),
          value: hostileText(8),
        }),
        { maxLength: 6 },
      ),
      body: fc.oneof(
        { weight: 6, arbitrary: hostilePart },
        { weight: 1, arbitrary: manyLeaves },
        { weight: 1, arbitrary: longRun },
      ),
      // Truncated MIME: the message cut off anywhere (as a broken download would leave it).
      cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: undefined }),
    })
    .map(({ from, subject, date, messageId, inReplyTo, references, extra, body, cutAt }): HostileMessage => {
      const lines = [`From: ${from}`, `To: ${o.sender}`, `Subject: ${subject}`];
      if (date !== undefined) lines.push(`Date: ${date}`);
      if (messageId !== undefined) lines.push(`Message-ID: ${messageId}`);
      if (inReplyTo !== undefined) lines.push(`In-Reply-To: ${inReplyTo}`);
      if (references !== undefined) lines.push(`References: ${references.join(" ")}`);
      for (const h of extra) lines.push(`${h.name}: ${h.value}`);
      lines.push("MIME-Version: 1.0", ...renderPart(body));
      // latin1: each char below U+0100 is one byte (NUL, 0xFF, …); others are written as UTF-8.
      let raw = Buffer.concat(
        crlf(lines)
          .split(/([\u0100-\u{10ffff}]+)/u)
          .map((piece, i) => Buffer.from(piece, i % 2 === 1 ? "utf8" : "latin1")),
      );
      if (cutAt !== undefined) raw = raw.subarray(0, Math.max(1, Math.floor(raw.length * cutAt)));
      const headerSummary = lines.slice(0, 8).map((l) => (l.length > 120 ? `${l.slice(0, 120)}…(${l.length})` : l));
      const describe = `${raw.length} bytes${cutAt !== undefined ? ` (cut at ${cutAt.toFixed(3)})` : ""}: ${JSON.stringify(headerSummary)}`;
      return { raw, describe, [fc.toStringMethod]: () => describe };
    });
}

/** The property tests' seed: FC_SEED replays a failure (fast-check prints the seed and path of every failure). */
export function propertySeed(): number | undefined {
  const seed = process.env.FC_SEED;
  return seed === undefined || seed === "" ? undefined : Number(seed);
}
