import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { weekdays } from "#shared/db-enums.ts";
import type { OutboxMessage } from "#shared/outbox/outbox.schemas.ts";
import { INERT_PIXEL } from "#shared/tracking/inert-open-pixels.ts";
import {
  createCampaign,
  launch,
  people,
  setSendingSettings,
  step,
} from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { capturedEmails, emailSends } from "../../db/schema/index.ts";
import { captureSmtpUrl } from "../../mail/system-mailer.ts";
import { trackingUrls } from "../../mail/tokens.ts";

/** Any hour of any day: a launch sends at once. */
const allDay = {
  timezone: "UTC",
  sendTimeStart: "00:00",
  sendTimeEnd: "23:59",
  sendingDays: [...weekdays],
};

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function sendOverSmtp(subject: string, html: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: ctx.capturePort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({ from: "Sender <s@example.com>", to: "r@example.com", subject, html, text: "plain part" });
  transport.close();
}

type List = { messages: { id: string; subject: string; to: string[] }[]; nextBefore: string | null };

describe("capture outbox", () => {
  it("lists captured SMTP messages newest first, without signing in, and pages with a cursor", async () => {
    await sendOverSmtp("first", "<p>one</p>");
    await new Promise((r) => setTimeout(r, 5));
    await sendOverSmtp("second", "<p>two <a href='http://x.test/'>link</a></p>");
    const res = await ctx.request("/api/outbox");
    expect(res.status).toBe(200);
    const list = (await res.json()) as List;
    expect(list.messages.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(list.messages[0]?.to).toEqual(["r@example.com"]);

    const page1 = (await (await ctx.request("/api/outbox?limit=1")).json()) as List;
    expect(page1.messages.map((m) => m.subject)).toEqual(["second"]);
    expect(page1.nextBefore).not.toBeNull();
    const page2 = (await (
      await ctx.request(`/api/outbox?limit=1&before=${encodeURIComponent(page1.nextBefore ?? "")}`)
    ).json()) as List;
    expect(page2.messages.map((m) => m.subject)).toEqual(["first"]);
  });

  it("returns one message with its HTML, text and headers", async () => {
    const list = (await (await ctx.request("/api/outbox")).json()) as List;
    const id = list.messages[0]?.id ?? "";
    const res = await ctx.request(`/api/outbox/${id}`);
    const message = (await res.json()) as OutboxMessage;
    expect(message.html).toContain("link</a>");
    expect(message.text).toContain("plain part");
    expect(message.from).toContain("s@example.com");
    expect(message.headers.subject).toBe("second");
    expect(message.headerLines.find((h) => h.name === "Subject")?.value).toBe("second");
    expect(message.attachments).toEqual([]);
    expect(message.parts.map((p) => [p.partId, p.contentType])).toEqual([
      ["", "multipart/alternative"],
      ["1", "text/plain"],
      ["2", "text/html"],
    ]);
  });

  it("answers 404 for unknown ids and 400 for a bad limit", async () => {
    for (const path of ["attachments/0", "raw"]) {
      expect((await ctx.request(`/api/outbox/00000000-0000-0000-0000-000000000000/${path}`)).status).toBe(404);
      expect((await ctx.request(`/api/outbox/not-a-uuid/${path}`)).status).toBe(404);
    }
    expect((await ctx.request("/api/outbox/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await ctx.request("/api/outbox/not-a-uuid")).status).toBe(404);
    const bad = await ctx.request("/api/outbox?limit=0");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });

  it("clears every message for a signed-in user, and for nobody else", async () => {
    // Reading is open (the confirmation link comes before the account); emptying is not.
    const anonymous = await ctx.request("/api/outbox", { method: "DELETE" });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    expect(((await (await ctx.request("/api/outbox")).json()) as List).messages).not.toEqual([]);
    const { cookie } = await ctx.signUpVerified("outbox-owner@example.com");
    expect((await ctx.request("/api/outbox", { method: "DELETE", cookie })).status).toBe(204);
    expect(((await (await ctx.request("/api/outbox")).json()) as List).messages).toEqual([]);
  });

  it("does not exist in live mode", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
      ctx.database,
    );
    try {
      expect((await live.request("/api/outbox")).status).not.toBe(200);
      const info = (await (await live.request("/api/app-info")).json()) as { mailDelivery: string };
      expect(info.mailDelivery).toBe("live");
    } finally {
      await live.close();
    }
  });
});

// An invite whose times are given in Berlin's zone, with the calendar's own
// VTIMEZONE: 11:00 CET on 1 March 2027 is 10:00 UTC.
const invite = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Coldreach tests//EN",
  "METHOD:REQUEST",
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:STANDARD",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "TZNAME:CET",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "TZNAME:CEST",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:intro-call-1@coldreach.test",
  "DTSTAMP:20261201T090000Z",
  "DTSTART;TZID=Europe/Berlin:20270301T110000",
  "DTEND;TZID=Europe/Berlin:20270301T113000",
  "SUMMARY:Intro call with Acme",
  'ORGANIZER;CN="Olivia Owner":mailto:owner@acme.test',
  "ATTENDEE;CN=Pat Prospect;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT:mailto:pat@prospect.test",
  "ATTENDEE;PARTSTAT=ACCEPTED:mailto:owner@acme.test",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

/** Every byte value, so a download that changed one (a charset conversion, a lost NUL) fails. */
const pdfBytes = Buffer.from(Array.from({ length: 1024 }, (_, i) => (i * 7) % 256));

describe("a captured message shown whole", () => {
  let id: string;
  let detail: OutboxMessage;

  beforeAll(async () => {
    const transport = nodemailer.createTransport(captureSmtpUrl(ctx.capturePort));
    await transport.sendMail({
      from: "Olivia Owner <owner@acme.test>",
      to: "pat@prospect.test",
      subject: "Invitation: Intro call with Acme",
      text: "You are invited.",
      html: "<p>You are invited.</p>",
      headers: { "X-Tag": ["first", "second"] },
      icalEvent: { method: "REQUEST", content: invite },
      attachments: [
        { filename: "notes.pdf", content: pdfBytes, contentType: "application/pdf" },
        { filename: "Angebot für Q1.txt", content: "Grüße", contentType: "text/plain; charset=utf-8" },
      ],
    });
    transport.close();
    const list = (await (await ctx.request("/api/outbox")).json()) as List;
    id = list.messages.find((m) => m.subject === "Invitation: Intro call with Acme")?.id ?? "";
    const res = await ctx.request(`/api/outbox/${id}`);
    expect(res.status).toBe(200);
    detail = (await res.json()) as OutboxMessage;
  });

  it("lists the invite and the files, with the invite's summary read from the calendar", async () => {
    expect(detail.attachments.map((a) => [a.index, a.filename, a.contentType, a.isInvite, a.method])).toEqual([
      // nodemailer's icalEvent: the calendar alternative (no name of its own) and the same calendar as invite.ics.
      [0, "invite.ics", "text/calendar", true, "REQUEST"],
      [1, "notes.pdf", "application/pdf", false, null],
      [2, "Angebot für Q1.txt", "text/plain", false, null],
      [3, "invite.ics", "application/ics", true, "REQUEST"],
    ]);
    expect(detail.attachments.map((a) => a.duplicateOf)).toEqual([null, null, null, 0]);
    expect(detail.attachments[1]?.size).toBe(1024);
    expect(detail.attachments[1]?.invite).toBeNull();
    const summary = {
      title: "Intro call with Acme",
      startsAt: "2027-03-01T10:00:00.000Z",
      endsAt: "2027-03-01T10:30:00.000Z",
      allDay: false,
      organizer: { email: "owner@acme.test", name: "Olivia Owner" },
      attendees: [
        { email: "pat@prospect.test", name: "Pat Prospect", status: "NEEDS-ACTION" },
        { email: "owner@acme.test", name: null, status: "ACCEPTED" },
      ],
      method: "REQUEST",
    };
    expect(detail.attachments[0]?.invite).toEqual(summary);
    expect(detail.attachments[3]?.invite).toEqual(summary);
  });

  it("lists every header in order, repeated ones kept, and every MIME part linked to its attachment", async () => {
    // As nodemailer wrote them: custom headers first.
    expect(detail.headerLines.map((h) => h.name)).toEqual([
      "X-Tag",
      "X-Tag",
      "From",
      "To",
      "Subject",
      "Message-ID",
      "Date",
      "MIME-Version",
      "Content-Type",
    ]);
    expect(detail.headerLines.at(-1)?.value).toMatch(/^multipart\/mixed; boundary="[^"]+"$/);
    expect(detail.headerLines.filter((h) => h.name === "X-Tag").map((h) => h.value)).toEqual(["first", "second"]);
    expect(detail.headerLines.find((h) => h.name === "Subject")?.value).toBe("Invitation: Intro call with Acme");
    expect(detail.parts.map((p) => [p.partId, p.depth, p.contentType, p.attachmentIndex])).toEqual([
      ["", 0, "multipart/mixed", null],
      ["1", 1, "multipart/alternative", null],
      ["1.1", 2, "text/plain", null],
      ["1.2", 2, "text/html", null],
      ["1.3", 2, "text/calendar", 0],
      ["2", 1, "application/pdf", 1],
      ["3", 1, "text/plain", 2],
      ["4", 1, "application/ics", 3],
    ]);
    expect(detail.parts[5]).toMatchObject({
      disposition: "attachment",
      filename: "notes.pdf",
      transferEncoding: "base64",
    });
  });

  it("downloads each attachment with its bytes, type and a safe file name", async () => {
    const pdf = await ctx.request(`/api/outbox/${id}/attachments/1`);
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).equals(pdfBytes)).toBe(true);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="notes.pdf"');
    expect(pdf.headers.get("x-content-type-options")).toBe("nosniff");

    const ics = await ctx.request(`/api/outbox/${id}/attachments/0`);
    expect(Buffer.from(await ics.arrayBuffer()).toString("utf8")).toBe(invite);
    expect(ics.headers.get("content-type")).toBe("text/calendar; charset=utf-8; method=REQUEST");
    expect(ics.headers.get("content-disposition")).toBe('attachment; filename="invite.ics"');
    const icsFile = await ctx.request(`/api/outbox/${id}/attachments/3`);
    expect(Buffer.from(await icsFile.arrayBuffer()).toString("utf8")).toBe(invite);

    const text = await ctx.request(`/api/outbox/${id}/attachments/2`);
    expect(await text.text()).toBe("Grüße");
    expect(text.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(text.headers.get("content-disposition")).toBe(
      `attachment; filename="Angebot fur Q1.txt"; filename*=UTF-8''Angebot%20f%C3%BCr%20Q1.txt`,
    );
  });

  it("serves the raw source exactly as stored, as a download or as text", async () => {
    const [row] = await ctx.database.db.select().from(capturedEmails).where(eq(capturedEmails.id, id));
    const download = await ctx.request(`/api/outbox/${id}/raw`);
    expect(download.status).toBe(200);
    expect(await download.text()).toBe(row!.raw);
    expect(download.headers.get("content-type")).toBe("message/rfc822");
    expect(download.headers.get("content-disposition")).toBe(
      'attachment; filename="Invitation_ Intro call with Acme.eml"',
    );
    expect(detail.rawSize).toBe(Buffer.byteLength(row!.raw));

    const inline = await ctx.request(`/api/outbox/${id}/raw?inline=1`);
    expect(await inline.text()).toBe(row!.raw);
    expect(inline.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(inline.headers.get("content-disposition")).toMatch(/^inline; /);
    expect((await ctx.request(`/api/outbox/${id}/raw?inline=yes`)).status).toBe(400);
  });

  it("answers 404 for an index the message does not have", async () => {
    for (const index of ["4", "99", "-1", "abc", "1.5", "9999999", "%20"]) {
      const res = await ctx.request(`/api/outbox/${id}/attachments/${index}`);
      expect(res.status, index).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("not_found");
    }
  });

  it("still shows a message whose source is not MIME", async () => {
    const [row] = await ctx.database.db
      .insert(capturedEmails)
      .values({ fromAddress: "x@example.com", toAddresses: ["y@example.com"], raw: "no header block at all" })
      .returning();
    const res = await ctx.request(`/api/outbox/${row!.id}`);
    expect(res.status).toBe(200);
    const message = (await res.json()) as OutboxMessage;
    expect(message.attachments).toEqual([]);
    expect(message.parts.map((p) => p.contentType)).toEqual(["text/plain"]);
    expect((await ctx.request(`/api/outbox/${row!.id}/attachments/0`)).status).toBe(404);
    expect(await (await ctx.request(`/api/outbox/${row!.id}/raw`)).text()).toBe("no header block at all");
  });

  it("reads messages without a session, as the rest of the outbox", async () => {
    // Every request above is anonymous; a signed-in one gets the same.
    const { cookie } = await ctx.signUpVerified("outbox-reader@example.com");
    expect((await ctx.request(`/api/outbox/${id}/attachments/1`, { cookie })).status).toBe(200);
    expect((await ctx.request(`/api/outbox/${id}/raw`, { cookie })).status).toBe(200);
  });
});

describe("a tracked campaign message in the outbox", () => {
  it("is shown with its open pixel replaced, so loading the page's images records no open", async () => {
    const owner = await ctx.signUpVerified("pixel-owner@example.com");
    await setSendingSettings(ctx.database.db, owner.userId, allDay);
    const campaign = await createCampaign(ctx, owner.cookie, {
      name: "Pixel",
      contacts: people(1, "pixel"),
      sequence: [{ ...step("Tracked {{firstName}}", "<p>Hi {{firstName}}</p>"), bodyFormat: "html" }],
    });
    expect((await launch(ctx, owner.cookie, campaign.campaign.id)).body.emailsSent).toBe(1);
    const [send] = await ctx.database.db
      .select()
      .from(emailSends)
      .where(eq(emailSends.campaignId, campaign.campaign.id));
    const [captured] = await ctx.database.db
      .select()
      .from(capturedEmails)
      .where(eq(capturedEmails.subject, "Tracked First1"));
    const pixel = trackingUrls(ctx.config.publicUrl, ctx.config.appSecret, send!.id).openPixel;
    // As captured, the message carries the pixel.
    expect(captured!.htmlBody).toContain(`<img src="${pixel}"`);

    const message = (await (await ctx.request(`/api/outbox/${captured!.id}`)).json()) as OutboxMessage;
    expect(message.openPixelHidden).toBe(true);
    expect(message.html).not.toContain("/t/o/");
    expect(message.html).toContain(`<img src="${INERT_PIXEL}" width="1" height="1" alt="">`);
    expect(message.html).toContain("<p>Hi First1</p>");
    // The raw source is text, read as it was received.
    expect(await (await ctx.request(`/api/outbox/${captured!.id}/raw?inline=1`)).text()).toContain("/t/o/");

    // Every image of the shown HTML that points at this server, loaded as the frame would: no open.
    const ownImages = [...(message.html ?? "").matchAll(/src="([^"]+)"/g)]
      .map((m) => m[1]!)
      .filter((src) => src.startsWith(ctx.config.publicUrl) || src.startsWith("/"));
    for (const src of ownImages) await ctx.request(new URL(src, ctx.config.publicUrl).pathname);
    const opened = async () =>
      (await ctx.database.db.select().from(emailSends).where(eq(emailSends.id, send!.id)))[0]!.openedAt;
    expect(await opened()).toBeNull();
    // The recipient's mail client, loading the pixel as sent, does count (so the check above could fail).
    expect((await ctx.request(new URL(pixel).pathname)).status).toBe(200);
    expect(await opened()).toBeInstanceOf(Date);
  });

  it("says nothing is hidden for a message without a pixel", async () => {
    await sendOverSmtp("no pixel", '<p>plain <img src="https://cdn.test/logo.png"></p>');
    const list = (await (await ctx.request("/api/outbox")).json()) as List;
    const id = list.messages.find((m) => m.subject === "no pixel")!.id;
    const message = (await (await ctx.request(`/api/outbox/${id}`)).json()) as OutboxMessage;
    expect(message).toMatchObject({
      openPixelHidden: false,
      html: '<p>plain <img src="https://cdn.test/logo.png"></p>',
    });
  });
});
