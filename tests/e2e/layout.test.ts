// Layout (issue 28 §1): a page never scrolls sideways and never grows taller
// than what it shows. The dashboard once did both: its activity chart's
// screen-reader table kept its rows' height under sr-only (a table ignores
// the 1 px box), so a scroll slid the banner and the side menu away.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { seedScreens } from "../../bench/screens-seed.ts";
import { campaigns, senderAccounts, user as users } from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storeDraft, wizardDraft } from "./support/stored-draft.ts";
import { createVerifiedUser, signInThroughForm } from "./support/users.ts";

const widths = [360, 768, 1440] as const;

/** How far the page scrolls past its viewport, and how far its visible content reaches below the top. */
async function extent(page: Page) {
  // A string: the server's TypeScript has no DOM types.
  return (await page.evaluate(`(() => {
    const doc = document.documentElement;
    let bottom = 0;
    for (const el of document.body.querySelectorAll("*")) {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      // Visible boxes only: not inside a visually hidden one (sr-only: 1 px and
      // clipped, whatever the size of what it holds).
      if (r.width <= 1 || r.height <= 1 || style.visibility === "hidden" || el.closest(".sr-only")) continue;
      bottom = Math.max(bottom, r.bottom + window.scrollY);
    }
    return {
      overflowX: doc.scrollWidth - window.innerWidth,
      scrollHeight: doc.scrollHeight,
      innerHeight: window.innerHeight,
      contentBottom: Math.ceil(bottom),
    };
  })()`)) as { overflowX: number; scrollHeight: number; innerHeight: number; contentBottom: number };
}

/** Whether two elements' boxes on screen overlap (the toast's and a button's). */
async function overlap(a: Locator, b: Locator): Promise<{ overlaps: boolean; boxes: string }> {
  const [x, y] = [await a.boundingBox(), await b.boundingBox()];
  if (!x || !y) throw new Error("an element has no box on screen");
  const overlaps = x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
  return { overlaps, boxes: `toast ${JSON.stringify(x)}, button ${JSON.stringify(y)}` };
}

describeJourneys("layout", () => {
  const browser = useBrowser();
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("the dashboard neither scrolls sideways nor grows taller than its content, at 360, 768 and 1440 px", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "layout");
    await signInThroughForm(page, app.baseUrl, user);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`${app.baseUrl}/`);
      // The chart's table for screen readers is there once the figures loaded.
      await page
        .getByRole("table", { name: /Emails sent, opened and replied to per day/ })
        .waitFor({ state: "attached" });
      const seen = await extent(page);
      expect(seen.overflowX, `${width} px: the page is wider than the window`).toBeLessThanOrEqual(0);
      expect(
        seen.scrollHeight,
        `${width} px: the page scrolls ${seen.scrollHeight} px, its visible content ends at ${seen.contentBottom} px`,
      ).toBeLessThanOrEqual(Math.max(seen.innerHeight, seen.contentBottom) + 1);
    }
  });

  it("a toast never covers the screen's main button (Next, Launch Campaign, Send), at 360 and 1440 px", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "toasts");
    const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await signInThroughForm(page, app.baseUrl, user);
    // The Launch is refused (a 4xx), so the wizard stays with its error toast and the button.
    await page.route("**/api/campaigns/launch", (route) =>
      route.fulfill({
        status: 422,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "validation_failed", message: "Refused for the test" } }),
      }),
    );
    browser.allowConsoleError(
      /api\/campaigns\/launch.*422|422 \(Unprocessable/,
      "the Launch refused on purpose, to show its toast",
    );
    for (const width of [360, 1440]) {
      await page.setViewportSize({ width, height: 800 });

      // Next: Detect Emails announces its result in a toast as the step opens.
      await page.goto(`${app.baseUrl}/campaigns/create`);
      await storeDraft(page, row!.id, wizardDraft(3));
      await page.reload();
      const next = page.getByRole("button", { name: "Next" });
      await next.scrollIntoViewIfNeeded();
      const detected = toast(page, "Email Detection Complete");
      await detected.waitFor();
      const onNext = await overlap(detected, next);
      expect(onNext.overlaps, `${width} px: the toast covers Next (${onNext.boxes})`).toBe(false);

      // Launch Campaign: a refused Launch's error toast.
      await storeDraft(page, row!.id, wizardDraft(5));
      await page.reload();
      const launch = page.getByRole("button", { name: "Launch Campaign" });
      await launch.scrollIntoViewIfNeeded();
      await launch.click();
      const refused = toast(page, "Campaign Launch Failed: Refused for the test");
      await refused.waitFor();
      await launch.scrollIntoViewIfNeeded();
      const onLaunch = await overlap(refused, launch);
      expect(onLaunch.overlaps, `${width} px: the toast covers Launch Campaign (${onLaunch.boxes})`).toBe(false);

      // Send: Compose's error toast when a field is missing.
      await page.goto(`${app.baseUrl}/inbox/compose`);
      const send = page.getByRole("button", { name: "Send", exact: true });
      await send.scrollIntoViewIfNeeded();
      await send.click();
      const missing = page
        .getByRole("region", { name: /^Notifications/ })
        .getByRole("listitem")
        .first();
      await missing.waitFor();
      const onSend = await overlap(missing, send);
      expect(onSend.overlaps, `${width} px: the toast covers Send (${onSend.boxes})`).toBe(false);
    }
  });

  it("no route scrolls sideways or grows taller than its content, with data, at 360, 768 and 1440 px", {
    timeout: 240_000,
  }, async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "routes");
    const db = app.database.db;
    const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, user.email));
    await seedScreens(db, {
      userId: row!.id,
      volume: { campaigns: 3, contacts: 40, sends: 160, savedSenders: 3 },
      salt: 2,
      now: new Date(),
      progress: () => undefined,
    });
    const [campaign] = await db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.userId, row!.id));
    const [sender] = await db
      .select({ email: senderAccounts.email })
      .from(senderAccounts)
      .where(eq(senderAccounts.userId, row!.id));
    await signInThroughForm(page, app.baseUrl, user);
    const link = await page.request.post(`${app.baseUrl}/api/scheduling-links`, {
      data: {
        title: "Intro call with a rather long title that has to wrap somewhere",
        description: "Half an hour to see whether we can help.",
        durationMinutes: 30,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "09:00",
        availableTimeEnd: "17:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(link.status()).toBe(201);
    const code = ((await link.json()) as { linkCode: string }).linkCode;
    browser.allowConsoleError(
      /api\/public\/meetings\/not-a-real-token.*404/,
      "the cancel page of a link that does not exist",
    );

    const routes = [
      "/",
      "/campaigns",
      "/campaigns-overview",
      "/bulk-email",
      "/campaigns/create",
      `/campaigns/edit/${campaign!.id}`,
      "/calendar",
      "/delivery",
      "/inbox",
      "/inbox/compose",
      "/replies",
      "/spam",
      "/email-classification",
      "/contacts",
      "/senders",
      `/senders/profile/${encodeURIComponent(sender!.email)}`,
      "/block-list",
      "/settings",
      "/debug",
      "/outbox",
      `/schedule/${code}`,
      "/schedule/cancel/not-a-real-token",
      "/no-such-page",
    ];
    const failures: string[] = [];
    // The requests still open, kept by request: a counter of request/finished/failed events went
    // below 0 once the entry made its early requests (lib/early-requests.ts) and never came back to 0.
    const open = new Set<unknown>();
    page.on("request", (r) => open.add(r));
    page.on("requestfinished", (r) => open.delete(r));
    page.on("requestfailed", (r) => open.delete(r));
    const measure = async (path: string) => {
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await page.goto(`${app.baseUrl}${path}`);
        await page.getByRole("heading", { level: 1 }).first().waitFor();
        await eventually(() => [...open].map((r) => (r as { url(): string }).url())).toEqual([]);
        const seen = await extent(page);
        if (seen.overflowX > 0) failures.push(`${path} at ${width} px: ${seen.overflowX} px wider than the window`);
        if (seen.scrollHeight > Math.max(seen.innerHeight, seen.contentBottom) + 1) {
          failures.push(
            `${path} at ${width} px: scrolls to ${seen.scrollHeight} px, content ends at ${seen.contentBottom} px`,
          );
        }
      }
    };
    for (const path of routes) await measure(path);
    // Signed out: the sign-in page.
    await page.context().clearCookies();
    await measure("/auth");
    expect(failures, failures.join("\n")).toEqual([]);
  });
});
