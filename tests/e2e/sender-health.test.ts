// Sender health (issue 31 §6) in the browser: a sender with 3 hard bounces in
// 60 sends this week shows At risk on Senders, with the rule in a tooltip a
// keyboard reaches and as the badge's description; checking its domain (a DNS
// server of the test's own: SPF and DKIM pass, no DMARC record) adds the failing check to the
// summary; a paused sender shows Paused; and the wizard's Review & Launch
// step warns about both without disabling Launch.
import { generateKeyPairSync } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { senderProtection, user as users } from "../../src/server/db/schema/index.ts";
import { emailSends } from "../../src/server/db/schema/sending.ts";
import { type DnsServer, startDnsServer } from "../support/dns-server.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { storeDraft, wizardDraft } from "./support/stored-draft.ts";
import { signedInUser } from "./support/users.ts";

// Screenshots for a visual review run only when asked:
//   E2E_SCREENSHOTS_DIR=/tmp/e2e-shots npx vitest run --project e2e tests/e2e/sender-health.test.ts
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const atRiskRule =
  "At risk when the hard-bounce rate reaches 3% of at least 50 sends in the last 7 days, an SPF, DKIM or DMARC " +
  "check of its domain fails, or 3 or more of its emails are found in spam in the last 7 days.";
const bounceReason = "Hard-bounce rate 5.0% (3 hard bounces in 60 sends, last 7 days)";
const pauseDetail = "3 hard bounces in 52 sends (5.8%) in the last 7 days";
const dkimKey = generateKeyPairSync("rsa", { modulusLength: 1024 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64");

describeJourneys("sender health", () => {
  const browser = useBrowser();
  let dns: DnsServer;
  let app: AppServer;

  beforeAll(async () => {
    dns = await startDnsServer({
      "journey.test": { MX: [{ exchange: "mx.journey.test", priority: 10 }], TXT: ["v=spf1 ip4:203.0.113.10 -all"] },
      "mail.journey.test": { A: ["203.0.113.10"] },
      "google._domainkey.journey.test": { TXT: [`v=DKIM1; k=rsa; p=${dkimKey}`] },
    });
    app = await startAppServer({ DNS_SERVERS: dns.servers.join(",") });
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("shows an At-risk sender's badge and rule on Senders, and the review step warns about it", async () => {
    const { page } = browser;
    const person = await signedInUser(page, app.baseUrl, "sender-health");
    const db = app.database.db;
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, person.email));
    if (!me) throw new Error("no user");

    const ids: Record<string, string> = {};
    for (const email of ["risky@journey.test", "held@journey.test"]) {
      const res = await page.request.post(`${app.baseUrl}/api/senders`, {
        data: {
          email,
          provider: "custom",
          dailyLimit: 50,
          smtp: { host: "mail.journey.test", port: 587, security: "starttls", username: email, password: "pw" },
        },
      });
      expect(res.status()).toBe(201);
      ids[email] = ((await res.json()) as { id: string }).id;
    }
    // This week: 57 delivered, 3 hard bounces (no such user): 5.0% of 60 sends.
    const yesterday = new Date(Date.now() - 86_400_000);
    await db.insert(emailSends).values(
      Array.from({ length: 60 }, (_, i) => ({
        userId: me.id,
        toEmail: `lead${i}@prospects.test`,
        fromEmail: "risky@journey.test",
        subject: "Hello",
        body: "Hi",
        status: i < 3 ? ("failed" as const) : ("sent" as const),
        createdAt: yesterday,
        sentAt: i < 3 ? null : yesterday,
        failureCategory: i < 3 ? ("invalid_address" as const) : null,
        bounceType: i < 3 ? ("hard" as const) : null,
        failureReason: i < 3 ? ("user_unknown" as const) : null,
      })),
    );
    await db.insert(senderProtection).values({
      userId: me.id,
      email: "held@journey.test",
      pausedAt: yesterday,
      pauseReason: "bounce_rate",
      pauseDetail,
    });

    await page.goto(`${app.baseUrl}/senders`);
    const card = page.getByRole("listitem", { name: "risky@journey.test" });
    const health = card.getByRole("region", { name: "Health of risky@journey.test" });
    const badge = health.getByRole("button", { name: "Health of risky@journey.test: At risk" });
    await badge.waitFor();
    await health.getByRole("row", { name: "Hard bounces 5.0% 3 of 60 5.0% 3 of 60" }).waitFor();
    await health.getByRole("row", { name: "Found in spam 0 0" }).waitFor();
    await health.getByRole("row", { name: "Reply rate 0% 0 of 57 0% 0 of 57" }).waitFor();
    await health.getByText("Not checked yet").waitFor();

    // The rule is the badge's description, and its tooltip when the keyboard reaches it.
    const expected = `At risk: ${bounceReason}. ${atRiskRule}`;
    await eventually(() => badge.evaluate((el) => el.getAttribute("aria-describedby"))).toBeTruthy();
    const describedBy = await badge.getAttribute("aria-describedby");
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(expected);
    await badge.focus();
    const tooltip = page.getByRole("tooltip");
    await eventually(() => tooltip.textContent()).toBe(expected);
    await page.keyboard.press("Escape");

    if (shotsDir) {
      mkdirSync(shotsDir, { recursive: true });
      for (const width of [360, 768, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await card.scrollIntoViewIfNeeded();
        await card.screenshot({ path: join(shotsDir, `sender-health-card-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    // Checking the domain (no DMARC record here) opens its panel, and the summary then shows the failing check.
    await health.getByRole("button", { name: "Check now for journey.test" }).click();
    await card
      .getByRole("region", { name: "Domain health of journey.test" })
      .getByRole("listitem", { name: "DMARC record: Fail" })
      .waitFor();
    const checks = health.getByRole("list", { name: "Checks of journey.test" });
    await checks.getByRole("listitem").filter({ hasText: "DMARC" }).getByText("Fail", { exact: true }).waitFor();
    await checks.getByRole("listitem").filter({ hasText: "SPF" }).getByText("Pass", { exact: true }).waitFor();
    await health.getByRole("button", { name: "See checks of journey.test" }).waitFor();
    await eventually(async () =>
      page.locator(`[id="${await badge.getAttribute("aria-describedby")}"]`).textContent(),
    ).toBe(`At risk: ${bounceReason}; DMARC of journey.test fails. ${atRiskRule}`);

    if (shotsDir) {
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await health.screenshot({ path: join(shotsDir, `sender-health-checked-${width}.png`) });
      }
      await page.setViewportSize({ width: 1280, height: 900 });
    }

    const held = page.getByRole("listitem", { name: "held@journey.test" });
    await held.getByRole("button", { name: "Health of held@journey.test: Paused" }).waitFor();

    // Review & Launch with both senders: warnings, and Launch still enabled.
    await page.goto(`${app.baseUrl}/campaigns/create`);
    const record = wizardDraft(5);
    record.draft.senderAccounts = [
      {
        localId: "s1",
        email: "risky@journey.test",
        provider: "custom",
        dailyLimit: 50,
        savedSenderId: ids["risky@journey.test"] ?? null,
      },
      {
        localId: "s2",
        email: "held@journey.test",
        provider: "custom",
        dailyLimit: 50,
        savedSenderId: ids["held@journey.test"] ?? null,
      },
    ] as typeof record.draft.senderAccounts;
    await storeDraft(page, me.id, record);
    await page.reload();
    const warnings = page.getByRole("region", { name: "Sender warnings" });
    await warnings
      .getByRole("listitem")
      .filter({
        hasText: `risky@journey.test is At risk: ${bounceReason}; DMARC of journey.test fails. Launching still sends from it.`,
      })
      .waitFor();
    await warnings
      .getByRole("listitem")
      .filter({
        hasText: `held@journey.test is paused by bounce protection: ${pauseDetail}. Its emails in this campaign wait until you resume it in Senders.`,
      })
      .waitFor();
    await page.getByText("Ready to Launch").waitFor();
    expect(await page.getByRole("button", { name: "Launch Campaign" }).isEnabled()).toBe(true);
    if (shotsDir) {
      for (const width of [360, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await warnings.screenshot({ path: join(shotsDir, `sender-health-review-${width}.png`) });
      }
    }
  });
});
