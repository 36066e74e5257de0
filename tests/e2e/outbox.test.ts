// The local outbox shows each captured message whole (capture mode): a
// message with a file and a calendar invite, sent over SMTP to the capture
// server, opened without signing in (reading the outbox is open): the invite's
// summary, its .ics and the file downloaded, every header in order, the MIME
// parts and the raw source, shown and downloaded.
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import nodemailer from "nodemailer";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaignStats, capturedEmails, emailSends, userSettings } from "../../src/server/db/schema/index.ts";
import { captureSmtpUrl } from "../../src/server/mail/system-mailer.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { weekdays } from "../../src/shared/db-enums.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { INERT_PIXEL } from "../../src/shared/tracking/inert-open-pixels.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** Screenshots for a visual review, only when asked: E2E_SCREENSHOTS_DIR=/tmp/shots. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const subject = "Invitation: Intro call with Acme";

const invite = [
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Coldreach tests//EN",
  "METHOD:REQUEST",
  "BEGIN:VEVENT",
  "UID:intro-call-e2e@coldreach.test",
  "DTSTAMP:20261201T090000Z",
  "DTSTART:20270301T100000Z",
  "DTEND:20270301T103000Z",
  "SUMMARY:Intro call with Acme",
  'ORGANIZER;CN="Olivia Owner":mailto:owner@acme.test',
  "ATTENDEE;CN=Pat Prospect;PARTSTAT=NEEDS-ACTION;ROLE=REQ-PARTICIPANT:mailto:pat@prospect.test",
  "END:VEVENT",
  "END:VCALENDAR",
  "",
].join("\r\n");

const pdfBytes = Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 13) % 256));

async function sendInvite(capturePort: number) {
  const transport = nodemailer.createTransport(captureSmtpUrl(capturePort));
  try {
    await transport.sendMail({
      from: "Olivia Owner <owner@acme.test>",
      to: "pat@prospect.test",
      subject,
      text: "You are invited to an intro call.",
      html: "<p>You are invited to an <strong>intro call</strong>.</p>",
      headers: { "X-Campaign-Tag": ["first", "second"] },
      icalEvent: { method: "REQUEST", content: invite },
      attachments: [{ filename: "notes.pdf", content: pdfBytes, contentType: "application/pdf" }],
    });
  } finally {
    transport.close();
  }
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), click()]);
  return { name: file.suggestedFilename(), bytes: await readFile(await file.path()) };
}

describeJourneys("outbox", () => {
  // The invite's times show in the viewer's zone: a fixed one keeps the text known.
  const browser = useBrowser({ timezoneId: "Europe/Berlin" });
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
    await sendInvite(app.capturePort!);
  });
  afterAll(async () => {
    await app?.close();
  });

  async function openMessage(page: Page) {
    await page.goto(`${app.baseUrl}/outbox`);
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link", { name: subject }).click();
    await page.getByRole("heading", { level: 2, name: subject }).waitFor();
  }

  it("shows a message that arrives while the outbox is open, without Refresh", async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/outbox`);
    const list = page.getByRole("list", { name: "Captured messages" });
    await list.getByRole("link", { name: subject }).waitFor();
    const transport = nodemailer.createTransport(captureSmtpUrl(app.capturePort!));
    try {
      await transport.sendMail({
        from: "owner@acme.test",
        to: "late@prospect.test",
        subject: "Arrived after the page",
        text: "x",
      });
    } finally {
      transport.close();
    }
    await list.getByRole("link", { name: "Arrived after the page" }).waitFor();
    expect(await list.getByRole("link").first().textContent()).toContain("Arrived after the page");
  });

  it("shows the invite, downloads its .ics and the file, the headers, the parts and the raw source", async () => {
    const { page } = browser;
    await openMessage(page);
    // The HTML first, in its sandboxed frame.
    await page.frameLocator('iframe[title^="Message:"]').getByText("intro call").waitFor();

    await page.getByRole("tab", { name: "Text" }).click();
    await page.getByRole("region", { name: "Text" }).getByText("You are invited to an intro call.").waitFor();

    await page.getByRole("tab", { name: "Attachments (3)" }).click();
    const card = page.getByRole("region", { name: "Invite: Intro call with Acme" });
    await card.waitFor();
    const terms = await card.locator("dt").allTextContents();
    const values = await card.locator("dd").allTextContents();
    expect(Object.fromEntries(terms.map((t, i) => [t, values[i]]))).toEqual({
      When: "Monday, March 1, 2027, 11:00 AM – 11:30 AM GMT+1",
      Organizer: "Olivia Owner <owner@acme.test>",
      Attendees: "Pat Prospect <pat@prospect.test> · Needs action",
      Method: "REQUEST",
    });
    // nodemailer sends the invite twice (calendar alternative and invite.ics): one card, both files listed.
    expect(await page.getByRole("region", { name: /^Invite:/ }).count()).toBe(1);

    const ics = await download(page, () => card.getByRole("link", { name: "Download .ics" }).click());
    expect(ics.name).toBe("invite.ics");
    expect(ics.bytes.toString("utf8")).toBe(invite);
    const files = page.getByRole("list", { name: "Attachments" });
    expect(await files.getByRole("listitem").count()).toBe(3);
    const pdf = await download(page, () => files.getByRole("link", { name: "Download notes.pdf" }).click());
    expect(pdf.name).toBe("notes.pdf");
    expect(pdf.bytes.equals(pdfBytes)).toBe(true);

    await page.getByRole("tab", { name: "Headers" }).click();
    const headers = page.getByRole("table", { name: "Headers" });
    const tags = headers.getByRole("row").filter({ hasText: "X-Campaign-Tag" });
    expect(await tags.allTextContents()).toEqual(["X-Campaign-Tagfirst", "X-Campaign-Tagsecond"]);
    await headers
      .getByRole("row")
      .filter({ hasText: `Subject${subject}` })
      .waitFor();

    await page.getByRole("tab", { name: "Parts (7)" }).click();
    const parts = page.getByRole("list", { name: "MIME parts" });
    expect(await parts.getByRole("listitem").first().textContent()).toContain("multipart/mixed");
    await parts.getByRole("listitem").filter({ hasText: "Part 1.3" }).getByText("text/calendar").waitFor();

    await page.getByRole("tab", { name: "Raw source" }).click();
    const raw = page.getByRole("region", { name: "Raw source" });
    await raw.getByText("SUMMARY:Intro call with Acme").waitFor();
    const [row] = await app.database.db.select().from(capturedEmails).where(eq(capturedEmails.subject, subject));
    expect(await raw.textContent()).toBe(row!.raw);
    const source = await download(page, () => page.getByRole("link", { name: "Download raw source" }).click());
    expect(source.name).toBe("Invitation_ Intro call with Acme.eml");
    expect(source.bytes.toString("utf8")).toBe(row!.raw);
  });

  it("shows a tracked campaign message without counting an open: its pixel never loads inside the app", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "outbox-pixel");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    // Any hour of any day, so that the launch sends now.
    const window = {
      timezone: "UTC",
      sendTimeStart: "00:00",
      sendTimeEnd: "23:59",
      sendingDays: [...weekdays],
    };
    await db
      .insert(userSettings)
      .values({ userId: owner!.id, ...window })
      .onConflictDoUpdate({ target: userSettings.userId, set: window });
    const input: CreateCampaignInput = {
      name: "Pixel in the outbox",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: [{ email: "pia@prospect.test", firstName: "Pia", lastName: null, company: null, customFields: {} }],
      sequence: [
        {
          subject: "Tracked hello",
          body: "<p>Hi {{firstName}}, a <strong>tracked</strong> message.</p>",
          bodyFormat: "html",
          delayAmount: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    };
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: input });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(1);
    // The message as captured does carry the pixel (else this test proves nothing).
    const [captured] = await db.select().from(capturedEmails).where(eq(capturedEmails.subject, "Tracked hello"));
    expect(captured!.htmlBody).toMatch(/<img src="http:\/\/localhost:\d+\/t\/o\/[^"]+\.gif"/);

    await page.goto(`${app.baseUrl}/outbox`);
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link", { name: "Tracked hello" }).click();
    await page.frameLocator('iframe[title="Message: Tracked hello"]').getByText("a tracked message").waitFor();
    // The frame's load event comes after its images have loaded (or failed).
    const frame = page.frames().find((f) => f.url() === "about:srcdoc");
    await frame!.waitForLoadState("load");
    // Through the tabs and back: the HTML is shown a second time.
    await page.getByRole("tab", { name: "Raw source" }).click();
    await page.getByRole("region", { name: "Raw source" }).getByText("Subject: Tracked hello").waitFor();
    await page.getByRole("tab", { name: "HTML" }).click();
    await page.frameLocator('iframe[title="Message: Tracked hello"]').getByText("a tracked message").waitFor();
    await page
      .frames()
      .find((f) => f.url() === "about:srcdoc")!
      .waitForLoadState("load");

    await page
      .getByText("The open-tracking pixel is not loaded here, so viewing this message does not count as an open.")
      .waitFor();
    // (Playwright does not report the sandboxed frame's requests: the frame's images are read instead.)
    const sources = await page
      .frameLocator('iframe[title="Message: Tracked hello"]')
      .locator("img")
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(sources).toEqual([INERT_PIXEL]);
    const [send] = await db.select().from(emailSends).where(eq(emailSends.campaignId, id));
    expect(send!.openedAt).toBeNull();
    const [stats] = await db.select().from(campaignStats).where(eq(campaignStats.campaignId, id));
    expect(stats!.opened).toBe(0);
    await page.goto(`${app.baseUrl}/`);
    await page
      .getByRole("list", { name: "Your Campaigns" })
      .getByRole("listitem")
      .filter({ hasText: "Pixel in the outbox" })
      .getByText("0/1 opened/sent")
      .waitFor();
  });

  it.skipIf(!shotsDir)("screenshots of a message's tabs, light and dark", async () => {
    const { page } = browser;
    mkdirSync(shotsDir ?? ".", { recursive: true });
    const shot = async (name: string) => {
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(shotsDir ?? ".", `${name}.png`), fullPage: true });
    };
    await page.emulateMedia({ colorScheme: "light" });
    await openMessage(page);
    for (const tab of ["Attachments (3)", "Headers", "Parts (7)", "Raw source"]) {
      await page.getByRole("tab", { name: tab }).click();
      await shot(`outbox-${tab.split(" ")[0]!.toLowerCase()}-light`);
    }
    await page.emulateMedia({ colorScheme: "dark" });
    await page.evaluate("document.documentElement.classList.add('dark')");
    await page.getByRole("tab", { name: "Attachments (3)" }).click();
    await shot("outbox-attachments-dark");
    await page.setViewportSize({ width: 390, height: 844 });
    await shot("outbox-attachments-phone-dark");
  });
});
