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
import { capturedEmails } from "../../src/server/db/schema/index.ts";
import { captureSmtpUrl } from "../../src/server/mail/system-mailer.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";

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
