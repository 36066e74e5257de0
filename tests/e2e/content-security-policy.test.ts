// The Content-Security-Policy headers (src/server/http/security-headers.ts,
// api-docs.ts, the unsubscribe page's own) against a real browser: every page
// kind loads and works with no violation reported. A violation also shows as a
// console error, which useBrowser fails on; the event names the directive.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** Records every securitypolicyviolation of every document the page loads. */
const recordViolationsScript = `
  window.cspViolations = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    window.cspViolations.push(e.effectiveDirective + " blocked " + (e.blockedURI || "inline") + " in " + e.documentURI);
  });`;

/** The page's getComputedStyle (these tests compile without the DOM types). */
type StyleReader = { getComputedStyle(el: unknown): { fontSize: string; borderRadius: string } };

async function recordViolations(page: Page) {
  await page.addInitScript({ content: recordViolationsScript });
}

async function violations(page: Page): Promise<string[]> {
  return (await page.evaluate("window.cspViolations")) as string[];
}

describeJourneys("content security policy", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("lets the app run: sign-in, the outbox with a message, the dashboard and the rich-text sequence editor", async () => {
    const { page } = browser;
    await recordViolations(page);
    // Sign-up through the API, confirmation through the outbox API, sign-in through the form.
    await signedInUser(page, app.baseUrl, "csp");
    expect(await violations(page)).toEqual([]);

    await page.goto(`${app.baseUrl}/outbox`);
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link").first().click();
    const frame = page.frameLocator("iframe[title^='Message:']");
    await frame.getByRole("link").first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
    for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Next" }).click();
    await page.getByRole("heading", { level: 2, name: "Email Sequence" }).waitFor();
    // Rich text: TipTap (a lazy chunk) writes style attributes, which style-src must allow.
    const step = page.getByRole("group", { name: "Email 1", exact: true });
    await step.getByRole("radio", { name: "Rich text" }).click();
    await step.getByRole("textbox", { name: "Email 1 body" }).click();
    await page.keyboard.type("Hello");
    for (let i = 0; i < 5; i++) await page.keyboard.press("Shift+ArrowLeft");
    await step.getByRole("combobox", { name: "Font size" }).click();
    await page.getByRole("option", { name: "18px" }).click();
    const sized = step.getByRole("textbox", { name: "Email 1 body" }).locator('span[style*="font-size: 18px"]');
    await sized.waitFor();
    expect(await sized.evaluate((el) => (globalThis as unknown as StyleReader).getComputedStyle(el).fontSize)).toBe(
      "18px",
    );
    expect(await violations(page)).toEqual([]);
  });

  it("lets the API docs load Scalar from this server and render the API", async () => {
    const { page } = browser;
    await recordViolations(page);
    const external: string[] = [];
    page.on("request", (r) => {
      if (!r.url().startsWith(app.baseUrl) && !r.url().startsWith("data:")) external.push(r.url());
    });
    // Scalar checks the document and warns about each schema it refuses.
    const warnings: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "warning") warnings.push(m.text());
    });
    await page.goto(`${app.baseUrl}/api/docs`);
    await page.getByRole("heading", { name: "Coldreach API" }).waitFor();
    await page.getByText("Liveness and database status").first().click();
    // The request client calls the API from the page (connect-src).
    await page.getByRole("button", { name: "Test Request" }).first().click();
    await page.keyboard.press("Control+Enter");
    await page.getByText("200 OK").waitFor();
    // Scalar's bundled zod tries `new Function("")` once to choose its parser
    // and falls back when refused; its settings are not reachable from outside.
    // Anything else refused is a failure.
    const unexpected = (await violations(page)).filter((v) => !v.startsWith("script-src blocked eval "));
    expect(unexpected).toEqual([]);
    expect(external).toEqual([]);
    expect(warnings.filter((w) => w.includes("document validation"))).toEqual([]);
  });

  it("lets the unsubscribe page show itself with its own stricter policy", async () => {
    const { page } = browser;
    await recordViolations(page);
    browser.allowConsoleError(/status of 404/, "a link that is not valid is answered with 404 on purpose");
    await page.goto(`${app.baseUrl}/u/not-a-valid-token`);
    await page.getByRole("heading", { name: "Link not valid" }).waitFor();
    // Its inline stylesheet applied: the card is styled, not left to the browser's defaults.
    expect(
      await page
        .locator("main")
        .evaluate((el) => (globalThis as unknown as StyleReader).getComputedStyle(el).borderRadius),
    ).toBe("12px");
    expect(await violations(page)).toEqual([]);
  });
});
