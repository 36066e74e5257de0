// The messages users send, scored by a real spam filter. Each is rendered by
// the app's own code and sent over real SMTP by the app's transports (campaign
// steps and Compose through the transport factory, system mail through the
// system mailer) to a sink, and the raw RFC 822 bytes received are scored with
// SpamAssassin (Debian's package, local tests only: tests/support/spamassassin.ts).
// A message scores below 1.0 without the open pixel and below 2.0 with it; each
// score is printed with the rules that fired. Click tracking (links rewritten
// to redirects on the app's public host, or on the sender domain's tracking
// host) adds no rule of its own: without the pixel a click-tracked message
// scores as the same message untracked, with the pixel it stays under the
// pixel's limit, and the only rules that fire beyond its twin's are the
// pixel's HTML_IMAGE_ONLY_* (whose bracket is the raw HTML's length, which the
// longer links can move up: docs/decisions/031-tracking-hosts-and-click-tracking.md).
// A link whose text shows an address is left as written (click-links.ts):
// rewritten, it fired HTTPS_HTTP_MISMATCH and T_PDS_SHORT_SPOOFED_URL here.
//
// Campaign and Compose messages are DKIM-signed with the app's own DKIM
// support (a key made here), as a receiver gets them: from the app with DKIM
// configured, or signed by the sender's mail provider. (Unsigned, a short
// message with List-Unsubscribe also gets LIST_PARTIAL_SHORT_MSG, 1.0, which
// SpamAssassin gives only to unsigned mail; local tests cannot check the
// signature itself, which the DKIM tests do.)
//
// No database is involved, so it runs on the PGlite project only.
import { generateKeyPairSync } from "node:crypto";
import { availableParallelism } from "node:os";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { describeWithSpamAssassin, scoreMessages } from "../../../tests/support/spamassassin.ts";
import { verificationEmail } from "../auth/verification-email.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { composeMessage } from "../features/compose/compose-message.ts";
import {
  campaignLaunchedEmail,
  openDigestEmail,
  replyNotificationEmail,
} from "../features/notifications/notification-emails.ts";
import {
  bookedNotification,
  cancellationEmail,
  cancelledNotification,
  confirmationEmail,
  type MeetingFacts,
  meetingUid,
} from "../features/scheduling/booking-emails.ts";
import { createLogger } from "../logger.ts";
import { createTransportFactory } from "../sending/delivery/transports.ts";
import type { OutgoingMessage, SenderAccountRow } from "../sending/outgoing.ts";
import { clickRewriteFor, withClickTracking } from "./click-links.ts";
import { type MessageSettings, type RenderCampaignMessageInput, renderCampaignMessage } from "./render-message.ts";
import { captureSmtpUrl, createSystemMailer, type SystemMessage } from "./system-mailer.ts";
import { trackingUrls } from "./tokens.ts";

const SECRET = "spam-score-test-secret-0123456789-abcdef";
const PUBLIC_URL = "https://app.northwind-outreach.com";
const SENDER = "jane@northwind-labs.com";
const SEND_ID = "5a3c9a52-6d4e-4d3a-9a4b-2f6f2a0d1e11";
const TRACKED_LIMIT = 2.0;
const UNTRACKED_LIMIT = 1.0;

const settings: MessageSettings = {
  defaultSignature: "Jane Smith\nHead of Partnerships, Northwind Labs",
  legalDisclaimer: "Northwind Labs Ltd, 12 Harbour Street, Bristol BS1 4RN",
  unsubscribeLinkEnabled: true,
  fromNameFormat: "first_last",
  fallbackMergeTags: { first_name: "there", company: "your company" },
};

const contact = {
  email: "bob.stone@stone-logistics.com",
  firstName: "Bob",
  lastName: "Stone",
  company: "Stone Logistics",
  customFields: { city: "Leeds" },
};

const SHORT =
  "Hi {{firstName}},\n\nWould you be open to a short call next week about how {{company}} plans its routes?";

const LONG = [
  "Hi {{firstName}},",
  "I lead partnerships at Northwind Labs. We build route planning software for regional carriers, and I noticed that {{company}} recently opened a second depot in {{city}}.",
  "Most teams we speak with at that stage still plan the next day's routes in spreadsheets. It works until a driver calls in sick or a customer moves a delivery window, and then someone spends the evening rebuilding the plan by hand.",
  "Our customers usually start with one depot. The planner imports the orders each afternoon, proposes routes that respect vehicle sizes and delivery windows, and lets the dispatcher adjust them before they go to the drivers' phones.",
  "Carriers of a similar size to yours cut their planning time from about two hours a day to twenty minutes in the first month, and drove around eight percent fewer miles.",
  "Would a twenty minute call on Tuesday or Wednesday be useful? I am happy to show the planner with a sample of your own orders so you can judge it on real data.",
].join("\n\n");

const RICH = `<p>Hi {{firstName}},</p><p>I put together a short note on how carriers like {{company}} plan routes across two depots: <a href="https://northwind-labs.com/notes/two-depots">read it here</a>.</p><p>Would it be worth a quick call next week?</p>`;

const FOLLOW_UP =
  "Hi {{firstName}},\n\nJust checking whether my note below reached you. Happy to send a short summary instead if that is easier.";

/**
 * `clicksOf`: a message with click tracking on, and the name of the same
 * message without it (its twin); `htmlLinks`: its HTML part has links to rewrite.
 */
type Case = { name: string; tracked: boolean; build: () => Promise<string>; clicksOf?: string; htmlLinks?: boolean };

const meeting: MeetingFacts = {
  id: "7d1f4c2e-2b6a-4c8e-9d2f-0a1b2c3d4e5f",
  title: "Intro call",
  startsAt: new Date("2026-12-02T14:00:00Z"),
  endsAt: new Date("2026-12-02T14:30:00Z"),
  durationMinutes: 30,
  timezone: "Europe/London",
  prospectEmail: contact.email,
  prospectName: "Bob Stone",
};
const organizer = { name: "Jane Smith", email: SENDER };

function dkimKey(): string {
  return generateKeyPairSync("rsa", { modulusLength: 2048 })
    .privateKey.export({ type: "pkcs8", format: "pem" })
    .toString();
}

let sink: SmtpSink;
let transports: ReturnType<typeof createTransportFactory>;
let systemMailer: ReturnType<typeof createSystemMailer>;

beforeAll(async () => {
  sink = await startSmtpSink();
  transports = createTransportFactory({
    config: {
      mailDelivery: "capture",
      gmailApiBaseUrl: "http://127.0.0.1:1",
      dkim: { domains: ["northwind-labs.com"], selector: "coldreach", privateKey: dkimKey() },
      google: undefined,
    },
    secrets: createSecretBox(SECRET),
    log: createLogger("silent"),
    capturePort: sink.port,
  });
  systemMailer = createSystemMailer({
    smtpUrl: captureSmtpUrl(sink.port),
    from: "Coldreach <no-reply@northwind-outreach.com>",
  });
});
afterAll(async () => {
  transports?.closeAll();
  await systemMailer?.close();
  await sink?.close();
});

/** The raw bytes the sink received for a message, found by its Message-ID or subject. */
function received(match: (raw: string) => boolean): string {
  const found = sink.messages.find((m) => match(m.raw));
  if (!found) throw new Error("message not received");
  return found.raw;
}

async function sendCampaignMessage(message: OutgoingMessage): Promise<string> {
  const sender = { id: "00000000-0000-4000-8000-000000000001", email: SENDER } as SenderAccountRow;
  await transports.forSender(sender).deliver(message);
  return received((raw) => raw.includes(message.messageId));
}

/** Sent one at a time, so the sink's last message is this one. */
async function sendSystemMessage(message: SystemMessage): Promise<string> {
  await systemMailer.send(message);
  return sink.messages.at(-1)!.raw;
}

function campaign(patch: Partial<RenderCampaignMessageInput>): OutgoingMessage {
  return renderCampaignMessage({
    tracking: trackingUrls(PUBLIC_URL, SECRET, SEND_ID),
    step: { subject: "Route planning at {{company}}", body: SHORT, bodyFormat: "text" },
    contact,
    senderEmail: SENDER,
    user: { fullName: "Jane Smith" },
    settings,
    trackOpens: true,
    sendAs: "html",
    ...patch,
  });
}

const campaignCases: Case[] = [];
for (const tracked of [false, true]) {
  const t = tracked ? "tracked" : "untracked";
  campaignCases.push(
    {
      name: `campaign step, short body, ${t}`,
      tracked,
      build: () => sendCampaignMessage(campaign({ trackOpens: tracked })),
    },
    {
      name: `campaign step, long body, ${t}`,
      tracked,
      build: () =>
        sendCampaignMessage(
          campaign({
            trackOpens: tracked,
            step: { subject: "{{company}}'s second depot", body: LONG, bodyFormat: "text" },
          }),
        ),
    },
    {
      name: `campaign step, rich text with merge tags and a link, ${t}`,
      tracked,
      build: () =>
        sendCampaignMessage(
          campaign({
            trackOpens: tracked,
            step: { subject: "A note for {{firstName}}", body: RICH, bodyFormat: "html" },
          }),
        ),
    },
    {
      name: `campaign follow-up in its thread, ${t}`,
      tracked,
      build: () =>
        sendCampaignMessage(
          campaign({
            trackOpens: tracked,
            step: { subject: "", body: FOLLOW_UP, bodyFormat: "text" },
            thread: {
              messageId: "<0b7e8a8e-1111-4c3b-9d9e-5e0c1d2a3b4c@northwind-labs.com>",
              subject: "Route planning at Stone Logistics",
            },
          }),
        ),
    },
    {
      name: `compose, ${t}`,
      tracked,
      build: () =>
        sendCampaignMessage(
          composeMessage(
            {
              subject: "Following up on our call",
              message:
                "Hi Bob,\n\nThanks for your time today. The notes are at https://northwind-labs.com/notes/two-depots as promised.\n\nBest,\nJane",
            },
            {
              from: SENDER,
              to: contact.email,
              messageId: `<compose-${t}@northwind-labs.com>`,
              openPixelUrl: tracked ? trackingUrls(PUBLIC_URL, SECRET, SEND_ID).openPixel : undefined,
            },
          ),
        ),
    },
  );
}

/** The sender domain's own tracking host (a CNAME to PUBLIC_URL's host). */
const TRACKING_BASE = "https://track.northwind-labs.com";

/** A campaign message as the engine sends it with Track clicks on, its public links on `base`. */
function clickTracked(base: string, patch: Partial<RenderCampaignMessageInput>): OutgoingMessage {
  const message = campaign({ tracking: trackingUrls(base, SECRET, SEND_ID), ...patch });
  return withClickTracking(
    message,
    clickRewriteFor({ baseUrl: base, publicUrl: PUBLIC_URL, secret: SECRET, sendId: SEND_ID }),
  );
}

const richStep = { subject: "A note for {{firstName}}", body: RICH, bodyFormat: "html" as const };
const BARE_LINK =
  "Hi {{firstName}},\n\nI wrote up how carriers like {{company}} plan routes across two depots: https://northwind-labs.com/notes/two-depots\n\nWould it be worth a quick call next week?";
const clickCases: Case[] = [
  {
    name: "campaign step, rich text with merge tags and a link, untracked, clicks tracked",
    tracked: false,
    clicksOf: "campaign step, rich text with merge tags and a link, untracked",
    htmlLinks: true,
    build: () => sendCampaignMessage(clickTracked(PUBLIC_URL, { step: richStep, trackOpens: false })),
  },
  {
    name: "campaign step, rich text with merge tags and a link, tracked, clicks tracked",
    tracked: true,
    clicksOf: "campaign step, rich text with merge tags and a link, tracked",
    htmlLinks: true,
    build: () => sendCampaignMessage(clickTracked(PUBLIC_URL, { step: richStep })),
  },
  {
    name: "campaign step, rich text with merge tags and a link, tracked, clicks tracked on the tracking host",
    tracked: true,
    clicksOf: "campaign step, rich text with merge tags and a link, tracked",
    htmlLinks: true,
    build: () => sendCampaignMessage(clickTracked(TRACKING_BASE, { step: richStep })),
  },
  {
    name: "campaign step, a bare link, tracked",
    tracked: true,
    build: () =>
      sendCampaignMessage(campaign({ step: { subject: "Two depots", body: BARE_LINK, bodyFormat: "text" } })),
  },
  {
    name: "campaign step, a bare link, tracked, clicks tracked",
    tracked: true,
    clicksOf: "campaign step, a bare link, tracked",
    build: () =>
      sendCampaignMessage(
        clickTracked(PUBLIC_URL, { step: { subject: "Two depots", body: BARE_LINK, bodyFormat: "text" } }),
      ),
  },
];

const plainCases: Case[] = [
  {
    name: "campaign step sent as plain text, short body",
    tracked: false,
    build: () => sendCampaignMessage(campaign({ sendAs: "plain_text" })),
  },
  {
    name: "campaign step sent as plain text, rich text with a link",
    tracked: false,
    build: () =>
      sendCampaignMessage(
        campaign({
          sendAs: "plain_text",
          step: { subject: "A note for {{firstName}}", body: RICH, bodyFormat: "html" },
        }),
      ),
  },
  {
    name: "compose, plain text",
    tracked: false,
    build: () =>
      sendCampaignMessage(
        composeMessage(
          {
            subject: "Quick question",
            message: "Hi Bob,\n\nDo you plan routes for both depots together?\n\nJane",
            plainText: true,
          },
          { from: SENDER, to: contact.email, messageId: "<compose-plain@northwind-labs.com>" },
        ),
      ),
  },
];

const calendarUrl = `${PUBLIC_URL}/calendar`;
const systemCases: Case[] = [
  {
    name: "sign-up confirmation",
    tracked: false,
    build: () =>
      sendSystemMessage(
        verificationEmail(
          "jane@northwind-labs.com",
          `${PUBLIC_URL}/api/auth/verify-email?token=eyJhbGciOiJIUzI1NiJ9.abc.def`,
        ),
      ),
  },
  {
    name: "booking confirmation (with the invite)",
    tracked: false,
    build: () =>
      sendSystemMessage(
        confirmationEmail({
          meeting,
          organizer,
          uid: meetingUid(meeting.id, PUBLIC_URL),
          cancelUrl: `${PUBLIC_URL}/schedule/cancel/abc.def`,
          stamp: new Date("2026-11-25T10:00:00Z"),
        }),
      ),
  },
  {
    name: "booking notification",
    tracked: false,
    build: () => sendSystemMessage(bookedNotification({ to: SENDER, meeting, calendarUrl })),
  },
  {
    name: "cancellation notification",
    tracked: false,
    build: () => sendSystemMessage(cancelledNotification({ to: SENDER, meeting, calendarUrl })),
  },
  {
    name: "cancellation (the prospect's copy)",
    tracked: false,
    build: () =>
      sendSystemMessage(
        cancellationEmail({
          meeting,
          organizer,
          uid: meetingUid(meeting.id, PUBLIC_URL),
          stamp: new Date("2026-11-26T10:00:00Z"),
        }),
      ),
  },
  {
    name: "open digest",
    tracked: false,
    build: () =>
      sendSystemMessage(
        openDigestEmail(
          {
            to: SENDER,
            opens: [
              {
                toEmail: contact.email,
                name: "Lee Stone",
                subject: "Route planning at Stone Logistics",
                campaignName: "Q4 carriers",
                openedAt: new Date("2026-11-25T10:00:00Z"),
              },
              {
                toEmail: "sam@harbour-freight.example",
                name: null,
                subject: "Route planning at Harbour Freight",
                campaignName: "Q4 carriers",
                openedAt: new Date("2026-11-25T10:12:00Z"),
              },
            ],
            total: 2,
            timezone: "Europe/London",
          },
          PUBLIC_URL,
        ),
      ),
  },
  {
    name: "reply notification",
    tracked: false,
    build: () =>
      sendSystemMessage(
        replyNotificationEmail({
          to: SENDER,
          fromEmail: contact.email,
          fromName: "Lee Stone",
          subject: "Re: Route planning at Stone Logistics",
          campaignName: "Q4 carriers",
          repliedAt: new Date("2026-11-25T10:30:00Z"),
          text: "Thanks for reaching out. We are reviewing carriers next quarter; could you send rates for the northern routes?",
          timezone: "Europe/London",
          link: `${PUBLIC_URL}/inbox/compose?reply=${SEND_ID}`,
        }),
      ),
  },
  {
    name: "launch notification",
    tracked: false,
    build: () =>
      sendSystemMessage(
        campaignLaunchedEmail(
          {
            to: SENDER,
            campaign: { id: SEND_ID, name: "Q4 carriers" },
            launchedAt: new Date("2026-11-25T09:00:00Z"),
            emailCount: 120,
            timezone: "Europe/London",
          },
          PUBLIC_URL,
        ),
      ),
  },
];

const skipOnPostgres = process.env.TEST_DB_KIND === "postgres";

describeWithSpamAssassin("SpamAssassin scores of the messages users send", () => {
  it.skipIf(skipOnPostgres)(
    `every message scores below ${UNTRACKED_LIMIT} without the open pixel and below ${TRACKED_LIMIT} with it`,
    async () => {
      const cases = [...campaignCases, ...clickCases, ...plainCases, ...systemCases];
      const raws: string[] = [];
      for (const c of cases) raws.push(await c.build());
      const scores = await scoreMessages(raws, Math.min(2, availableParallelism()));
      const lines = cases.map((c, i) => {
        const s = scores[i]!;
        const fired = s.rules
          .filter((r) => Math.abs(r.points) >= 0.01)
          .map((r) => `${r.name} ${r.points}`)
          .join(", ");
        return `${s.score.toFixed(3).padStart(6)}  ${c.name}${fired ? `  [${fired}]` : ""}`;
      });
      process.stdout.write(`\nSpamAssassin scores (-L, no Bayes/AWL/TxRep):\n${lines.join("\n")}\n`);
      for (const [i, c] of cases.entries()) {
        const limit = c.tracked ? TRACKED_LIMIT : UNTRACKED_LIMIT;
        expect(scores[i]!.score, `${c.name}: ${lines[i]}`).toBeLessThan(limit);
      }
      // Click tracking brings no rule of its own: beyond its twin's, only the
      // pixel's HTML_IMAGE_ONLY_* may fire; without the pixel it scores as its twin.
      for (const [i, c] of cases.entries()) {
        if (!c.clicksOf) continue;
        const twin = cases.findIndex((other) => other.name === c.clicksOf);
        expect(twin, c.clicksOf).toBeGreaterThanOrEqual(0);
        const fired = (k: number) => scores[k]!.rules.filter((r) => Math.abs(r.points) >= 0.01).map((r) => r.name);
        const extra = fired(i).filter((name) => !fired(twin).includes(name) && !/^HTML_IMAGE_ONLY_\d+$/.test(name));
        expect(extra, `${lines[i]}\n  vs ${lines[twin]}`).toEqual([]);
        if (!c.tracked) expect(Math.abs(scores[i]!.score - scores[twin]!.score), lines[i]).toBeLessThan(0.01);
        // Its links really are redirects, in the HTML and the text part.
        const parsed = await simpleParser(raws[i]!);
        expect(String(parsed.html).includes("/t/c/"), c.name).toBe(c.htmlLinks === true);
        expect(parsed.text, c.name).toMatch(/https:\/\/[\w.-]+\/t\/c\//);
      }
      // The pixel is really there in the tracked messages, and absent from the others.
      for (const [i, c] of cases.entries()) {
        expect(raws[i]!.includes("/t/o/"), c.name).toBe(c.tracked);
      }
      for (const c of [...campaignCases, ...clickCases, ...plainCases]) {
        expect(raws[cases.indexOf(c)], c.name).toMatch(/^DKIM-Signature: /m);
      }
      // Plain text is text only.
      for (const [i, c] of cases.entries()) {
        if (plainCases.includes(c)) expect(raws[i], c.name).not.toMatch(/text\/html/i);
      }
    },
    120_000,
  );
});
