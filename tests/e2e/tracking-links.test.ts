// A tracking domain of one's own and click tracking, from the owner's side and
// the reader's (issue 31 §4–5): the owner sets track.journey.test for the
// sender domain on Deliverability and sees its CNAME check fail, publishes
// the record in the test's DNS server and sees Recheck pass; turns on Track
// clicks on the wizard's Review step and launches; the reader opens the
// message in the outbox and follows its link, which goes through the tracking
// host to the page it named; the campaign's Clicks tab counts the click.
// Chromium resolves the tracking host to this machine (--host-resolver-rules),
// as the CNAME would; the destination page is a small server of the test's on
// another name of the same rule (Playwright's request routing would bypass the rule).
import { mkdirSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { linkClicks } from "../../src/server/db/schema/index.ts";
import { type DnsServer, startDnsServer } from "../support/dns-server.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { storeDraft } from "./support/stored-draft.ts";
import { signedInUser } from "./support/users.ts";

/** Screenshots for a visual review, only when asked: E2E_SCREENSHOTS_DIR=/tmp/shots. */
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
const TRACKING_HOST = "track.journey.test";
const SUBJECT = "Pricing for Ana";

/** The part of the screen under review (`target`), at a phone's, a tablet's and a desktop's width. */
async function shots(page: Page, name: string, target: Locator) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await target.screenshot({ path: join(shotsDir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function choose(page: Page, label: string, option: string) {
  await page.getByLabel(label, { exact: true }).click();
  await page.getByRole("option", { name: option }).click();
}

/** A draft at the Review step (IndexedDB, where the wizard keeps it): a rich-text step with one link. */
async function seedReviewDraft(page: Page, baseUrl: string, userId: string, destination: string) {
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  await storeDraft(page, userId, {
    version: 1,
    stepIndex: 5,
    savedAt: new Date().toISOString(),
    draft: {
      name: "Tracked Links",
      description: "",
      senderAccounts: [
        { localId: "s1", email: "me@journey.test", provider: "custom", dailyLimit: 10, savedSenderId: null },
      ],
      contacts: [{ email: "ana@prospect.test", first_name: "Ana" }],
      importedFields: ["email", "first_name"],
      fileName: "contacts.csv",
      emailColumn: "email",
      removedDuplicates: [],
      selectedColumns: ["email", "first_name"],
      sequence: [
        {
          id: "seed-1",
          subject: "Pricing for {{firstName}}",
          body: `<p>Hi {{firstName}}, here is our <a href="${destination}">pricing page</a>.</p>`,
          bodyFormat: "html",
          delay: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    },
  });
  await page.reload();
  await page.getByRole("heading", { name: "Sending Options" }).waitFor();
}

describeJourneys("tracking domain and click tracking", () => {
  const browser = useBrowser(
    { permissions: ["clipboard-read", "clipboard-write"] },
    { args: ["--host-resolver-rules=MAP *.journey.test 127.0.0.1"] },
  );
  let dns: DnsServer;
  let app: AppServer;
  let site: Server;
  /** The page the message links to, on the prospect-facing site. */
  let destination: string;

  beforeAll(async () => {
    dns = await startDnsServer({});
    app = await startAppServer({ DNS_SERVERS: dns.servers.join(",") });
    site = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end("<!doctype html><title>Pricing</title><h1>Pricing</h1>");
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    destination = `http://www.journey.test:${(site.address() as AddressInfo).port}/pricing?plan=pro`;
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
    await new Promise((resolve) => site?.close(resolve));
  });

  it("verifies a tracking host, sends a click-tracked campaign through it and counts the reader's click", async () => {
    const { page, context } = browser;
    browser.allowConsoleError(
      /Cross-Origin-Opener-Policy header has been ignored/,
      "the test's tracking host is plain http on a name other than localhost; deployments serve it over HTTPS",
    );
    const account = await signedInUser(page, app.baseUrl, "tracking-links");
    const [owner] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, account.email));
    const sender = await page.request.post(`${app.baseUrl}/api/senders`, {
      data: {
        email: "me@journey.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "127.0.0.1", port: 2525, security: "none", username: "me", password: "pw" },
      },
    });
    expect(sender.status()).toBe(201);

    // Deliverability › Tracking domains: the host is set and checked at once; no CNAME yet.
    await page.goto(`${app.baseUrl}/delivery`);
    const section = page.getByRole("region", { name: "Tracking domain of journey.test" });
    const card = page.locator("[data-slot=card]").filter({ has: section });
    await section.getByText("No tracking host: mail from journey.test links to localhost.").waitFor();
    await section.getByLabel("Tracking host", { exact: true }).fill("track.other.test");
    await section.getByRole("button", { name: "Save and check the tracking host for journey.test" }).click();
    await section.getByText("Choose a subdomain of journey.test, such as track.journey.test").waitFor();
    await section.getByLabel("Tracking host", { exact: true }).fill(TRACKING_HOST);
    await section.getByRole("button", { name: "Save and check the tracking host for journey.test" }).click();
    const status = section.getByRole("status");
    await status.getByText("Fail", { exact: true }).waitFor();
    await section.getByText(`No CNAME record at ${TRACKING_HOST} yet.`, { exact: false }).waitFor();
    await section.getByText("Mail from journey.test links to localhost until the check passes.").waitFor();
    expect(await section.getByRole("term").allTextContents()).toEqual(["Name", "Type", "Value"]);
    expect(await section.getByRole("definition").locator("code").allTextContents()).toEqual([
      TRACKING_HOST,
      "CNAME",
      "localhost",
    ]);
    await section.getByRole("button", { name: "Copy the record value for journey.test" }).click();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe("localhost");
    await shots(page, "tracking-domain-fail", card);

    // The owner publishes the CNAME; Recheck passes.
    dns.set(TRACKING_HOST, { CNAME: "localhost" });
    await section.getByRole("button", { name: `Recheck ${TRACKING_HOST}` }).click();
    await status.getByText("Pass", { exact: true }).waitFor();
    await section.getByText(`Mail from journey.test links to ${TRACKING_HOST}.`).waitFor();
    await shots(page, "tracking-domain-pass", card);

    // The wizard's Review step: Track clicks on, with what it costs; launch.
    await seedReviewDraft(page, app.baseUrl, owner!.id, destination);
    expect(await page.getByLabel("Track clicks", { exact: true }).textContent()).toBe("Off");
    await page.getByText(/Links go through a tracking address first\./).waitFor();
    await choose(page, "Track clicks", "On for this campaign");
    await shots(
      page,
      "review-sending-options",
      page.getByLabel("Track clicks", { exact: true }).locator("xpath=ancestor::div[contains(@class, 'grid')][1]"),
    );
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    await page.getByRole("heading", { level: 1, name: "Campaigns" }).waitFor();

    // The reader opens the message and follows its link: through the tracking host to the page it named.
    await page.goto(`${app.baseUrl}/outbox`);
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link", { name: SUBJECT }).click();
    await page.getByRole("heading", { level: 2, name: SUBJECT }).waitFor();
    const link = page.frameLocator(`iframe[title="Message: ${SUBJECT}"]`).getByRole("link", { name: "pricing page" });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`^http://${TRACKING_HOST}:\\d+/t/c/`));
    const hops: string[] = [];
    context.on("request", (request) => hops.push(request.url()));
    const [reader] = await Promise.all([context.waitForEvent("page"), link.click()]);
    await reader.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
    expect(reader.url()).toBe(destination);
    expect(hops.some((url) => url.startsWith(`http://${TRACKING_HOST}:`))).toBe(true);
    // Followed again: still one click of that link.
    await reader.goto((await link.getAttribute("href"))!);
    await reader.getByRole("heading", { level: 1, name: "Pricing" }).waitFor();
    await eventually(async () => (await app.database.db.select().from(linkClicks)).length).toBe(1);

    // The campaign page counts it.
    await page.goto(`${app.baseUrl}/`);
    await page.getByRole("link", { name: "Edit Tracked Links" }).click();
    await page.getByRole("tab", { name: "Clicks" }).click();
    const figures = page.getByLabel("Click figures");
    await figures.getByText("1 of 1 sent").waitFor();
    const links = page.getByRole("table", { name: "Clicks per link" });
    await links.getByRole("row").filter({ hasText: destination }).filter({ hasText: "1 email" }).waitFor();
    const perEmail = page.getByRole("table", { name: "Clicks per email" });
    await perEmail.getByRole("row").filter({ hasText: "Email 1" }).filter({ hasText: "100.0%" }).waitFor();
    await shots(page, "campaign-clicks", page.getByRole("tabpanel", { name: "Clicks" }));
  });
});
