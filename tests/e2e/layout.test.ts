// Layout (issue 28 §1): a page never scrolls sideways and never grows taller
// than what it shows. The dashboard once did both: its activity chart's
// screen-reader table kept its rows' height under sr-only (a table ignores
// the 1 px box), so a scroll slid the banner and the side menu away.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
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
});
