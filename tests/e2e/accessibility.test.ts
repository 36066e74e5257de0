// Accessibility (issue 18): axe-core, injected into the page, on every screen
// in the light and dark themes, with real data (the screens benchmark's seed,
// small), with toasts of both kinds shown, on the wizard's six steps and the
// dialogs that matter. Fails on any WCAG 2.1 A/AA violation of impact serious
// or critical; the report names the screen, the rule and the elements.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedScreens } from "../../bench/screens-seed.ts";
import {
  campaigns,
  emailSends,
  emailSequences,
  senderAccounts,
  user as users,
} from "../../src/server/db/schema/index.ts";
import { trackingUrls } from "../../src/server/mail/tokens.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storeDraft, wizardDraft } from "./support/stored-draft.ts";
import { createVerifiedUser, signInThroughForm, type TestUser } from "./support/users.ts";

const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const schemes = ["light", "dark"] as const;

type AxeNode = { target: string[]; html: string; failureSummary?: string };
type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/** Waits until no CSS transition or animation runs (a toast sliding in has not its final colours yet). */
async function settled(page: Page) {
  await page.waitForFunction(
    "document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
  );
}

/** axe's serious and critical WCAG 2.1 A/AA violations on the page as it is now, and its outline's. */
async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  await settled(page);
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.addScriptTag({ content: axeSource });
  const violations = (await page.evaluate(`axe.run(document, {
    runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    resultTypes: ["violations"],
  }).then((r) => r.violations)`)) as AxeViolation[];
  // The page's outline too (issue 18): one h1, and headings that do not skip a level.
  // axe files these under best practices (moderate), so they are asked for by name.
  const outline = (await page.evaluate(`axe.run(document, {
    runOnly: { type: "rule", values: ["page-has-heading-one", "heading-order"] },
    resultTypes: ["violations"],
  }).then((r) => r.violations)`)) as AxeViolation[];
  return [...violations.filter((v) => v.impact === "serious" || v.impact === "critical"), ...outline];
}

/**
 * Whether the month grid shows days of the neighbouring months: its first cell
 * is not the 1st, or its last cell is a day at the start of the next month.
 */
async function showsNeighbouringDays(page: Page): Promise<boolean> {
  const cells = page.getByRole("table").locator("tbody td");
  const first = Number(((await cells.first().textContent()) ?? "").match(/\d+/)?.[0]);
  const last = Number(((await cells.last().textContent()) ?? "").match(/\d+/)?.[0]);
  return first !== 1 || last < 7;
}

function report(screen: string, violations: AxeViolation[]): string[] {
  return violations.map(
    (v) =>
      `${screen}: ${v.id} (${v.impact}) ${v.help}\n${v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `    ${n.target.join(" ")}  ${n.html.slice(0, 160)}\n      ${n.failureSummary?.replace(/\n/g, " ") ?? ""}`,
        )
        .join("\n")}`,
  );
}

describeJourneys("accessibility (axe-core, WCAG 2.1 A/AA)", () => {
  // The app's Content-Security-Policy allows only its own scripts; axe is injected by the test.
  const browser = useBrowser({ bypassCSP: true });
  let app: AppServer;
  let owner: TestUser;
  const paths: Record<string, string> = {};
  let userId = "";

  beforeAll(async () => {
    app = await startAppServer({ APP_SECRET });
    const db = app.database.db;
    owner = await createVerifiedUser(app.baseUrl, "a11y");
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, owner.email));
    userId = row!.id;
    await seedScreens(db, {
      userId,
      volume: { campaigns: 4, contacts: 60, sends: 240, savedSenders: 3 },
      salt: 1,
      now: new Date(),
      progress: () => undefined,
    });
    const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, userId));
    const [sender] = await db
      .select({ email: senderAccounts.email })
      .from(senderAccounts)
      .where(eq(senderAccounts.userId, userId));
    const [send] = await db.select({ id: emailSends.id }).from(emailSends).where(eq(emailSends.userId, userId));
    paths.editCampaign = `/campaigns/edit/${campaign!.id}`;
    paths.senderProfile = `/senders/profile/${encodeURIComponent(sender!.email)}`;
    paths.unsubscribe = new URL(trackingUrls(app.baseUrl, APP_SECRET, send!.id).unsubscribe).pathname;
  });
  afterAll(async () => {
    await app?.close();
  });

  /** A scheduling link of the signed-in user, made through the API from the page's session. */
  async function bookingPath(page: Page): Promise<string> {
    const created = await page.request.post(`${app.baseUrl}/api/scheduling-links`, {
      data: {
        title: "Intro call",
        description: "Half an hour to see whether we can help.",
        durationMinutes: 30,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "09:00",
        availableTimeEnd: "17:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(created.status()).toBe(201);
    return `/schedule/${((await created.json()) as { linkCode: string }).linkCode}`;
  }

  /** Puts a wizard draft with senders, contacts and a sequence at `stepIndex` (IndexedDB), as the wizard stores it. */
  async function openWizardStep(page: Page, stepIndex: number, title: string, extra: Record<string, unknown> = {}) {
    await storeDraft(page, userId, wizardDraft(stepIndex, extra));
    await page.reload();
    await page.getByRole("heading", { level: 2, name: title }).first().waitFor();
  }

  // One test, so the data is seeded and the user signed in once; each page state is
  // loaded once and checked in both themes (the app follows the system's scheme when
  // signed out, and when the user's choice is Auto), about 35 states.
  it("has no serious or critical violation on any screen, in either theme", { timeout: 360_000 }, async () => {
    const { page } = browser;
    const found: string[] = [];
    let t = Date.now();
    /** Checks the page as it is, in the light and the dark theme (`spa`: the app's own page, whose <html> takes the dark class). */
    const check = async (screen: string, spa = true) => {
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        if (spa) {
          await eventually(() => page.evaluate("document.documentElement.classList.contains('dark')")).toBe(
            scheme === "dark",
          );
        }
        found.push(...report(`${scheme} ${screen}`, await seriousViolations(page)));
      }
      if (process.env.A11Y_TIMES) console.log(screen, Date.now() - t);
      t = Date.now();
    };
    // Requests in flight: a screen is checked once its data has arrived (not
    // networkidle, which waits a further half second on every screen).
    let inFlight = 0;
    page.on("request", () => inFlight++);
    page.on("requestfinished", () => inFlight--);
    page.on("requestfailed", () => inFlight--);
    const loaded = () => eventually(() => inFlight).toBe(0);
    const visit = async (path: string, ready?: () => Promise<unknown>, spa = true) => {
      await page.goto(`${app.baseUrl}${path}`);
      await (ready ? ready() : page.getByRole("heading", { level: 1 }).first().waitFor());
      await loaded();
      await check(path, spa);
    };
    /** Keeps a toast on screen while it is checked (sonner pauses its timer under the pointer). */
    const holdToast = async (title: string) => {
      await toast(page, title).waitFor();
      await toast(page, title).hover();
    };
    // The wrong password's toast is an error toast, on purpose.
    browser.allowConsoleError(/401 \(Unauthorized\)/, "the sign-in with a wrong password, to show an error toast");
    browser.allowConsoleError(
      /api\/public\/meetings\/not-a-real-token.*404/,
      "the cancel page of a link that does not exist",
    );

    await visit("/auth");
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(owner.email);
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();
    await holdToast("Login Error");
    await check("/auth with the error toast");
    await form.getByRole("button", { name: "Forgot password?" }).click();
    await form.getByRole("button", { name: "Send reset link" }).click();
    await form.getByText("Enter your email address.").waitFor();
    await check("/auth, Forgot password with its field message");
    await visit("/reset-password?token=not-checked-until-sent");
    await visit("/reset-password?error=INVALID_TOKEN");

    await visit(paths.unsubscribe!, undefined, false);
    await visit("/outbox", () => page.getByRole("list", { name: "Captured messages" }).waitFor());
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link").first().click();
    await page.frameLocator("iframe").getByRole("link", { name: "Confirm email address" }).waitFor();
    await check("/outbox/:id");
    await visit("/no-such-page");

    await signInThroughForm(page, app.baseUrl, owner);
    // The user's theme: Auto (the system's), so that the emulated scheme switches it.
    await page.getByRole("complementary").getByTitle("Auto", { exact: true }).click();
    const booking = await bookingPath(page);

    // The calendar with days of the neighbouring months on screen (their dimmed
    // numbers once failed the contrast check), whatever today's date: a month
    // that starts on a Sunday and ends on a Saturday (February 2026) shows none,
    // and the month after it always does.
    await visit("/calendar", async () => {
      await page.getByRole("heading", { level: 1 }).first().waitFor();
      const grid = page.getByRole("table");
      await grid.locator("tbody td").first().waitFor();
      if (!(await showsNeighbouringDays(page))) {
        const heading = await page.locator("h2[aria-live]").textContent();
        await page.getByRole("button", { name: "Next month" }).click();
        await eventually(() => page.locator("h2[aria-live]").textContent()).not.toBe(heading);
      }
      expect(await showsNeighbouringDays(page), "the calendar shows days of the neighbouring months").toBe(true);
    });

    // The A/B Variants tab of a campaign whose first step has a variant B, and that step's editor.
    await app.database.db
      .update(emailSequences)
      .set({ variants: [{ subject: "Quick question", body: null }] })
      .where(
        and(eq(emailSequences.campaignId, paths.editCampaign!.split("/").pop()!), eq(emailSequences.stepNumber, 1)),
      );
    await visit(paths.editCampaign!, async () => {
      await page.getByRole("tab", { name: "A/B Variants" }).click();
      await page.getByRole("table", { name: "Email 1 variants" }).waitFor();
    });
    await page.getByRole("tab", { name: /Email Sequence/ }).click();
    await page
      .getByRole("group", { name: /variant B$/ })
      .first()
      .waitFor();
    await check(`${paths.editCampaign}, Email Sequence with a variant B`);

    for (const path of [
      "/",
      "/campaigns",
      "/campaigns-overview",
      "/bulk-email",
      paths.editCampaign!,
      "/delivery",
      "/inbox",
      "/inbox/compose",
      "/replies",
      "/spam",
      "/email-classification",
      "/contacts",
      paths.senderProfile!,
      "/debug",
      "/block-list",
      "/senders",
    ]) {
      await visit(path);
    }

    await page
      .getByRole("button", { name: /add sender/i })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await check("/senders, the add-sender dialog");

    await visit("/settings");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await holdToast("Settings saved successfully");
    await check("/settings with the success toast");

    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
    for (const [index, title] of [
      "Campaign Details",
      "Email Sender Accounts",
      "Upload Contact List",
      "Detect Emails",
      "Email Sequence",
      "Campaign Overview",
    ].entries()) {
      await openWizardStep(page, index, title);
      await loaded();
      // Detect Emails announces its result in a (success) toast.
      if (title === "Detect Emails") await holdToast("Email Detection Complete");
      await check(`/campaigns/create step ${index + 1} (${title})`);
    }
    // Reopened after a Launch whose answer was lost: the notice that it was launched.
    const launchKey = "6f1c2a52-9a7e-4c3b-8d4e-3b1f0e6a7c21";
    await app.database.db
      .update(campaigns)
      .set({ launchKey })
      .where(eq(campaigns.id, paths.editCampaign!.split("/").pop()!));
    await openWizardStep(page, 5, "This campaign was launched (the answer did not reach this browser).", {
      launchKey,
      launchSentAt: new Date().toISOString(),
    });
    await loaded();
    await check("/campaigns/create, launched without an answer");

    // Public pages, signed in or not, look the same.
    await visit(booking);
    await visit("/schedule/cancel/not-a-real-token");

    expect(found, `axe found:\n${found.join("\n")}`).toEqual([]);
  });
});
