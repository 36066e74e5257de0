// The application shell (docs/product.md §2): side menu, every protected route
// inside it, the capture banner, the 404 page, the /campaigns/edit fallback
// and the session debugger.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** The spec's side-menu tabs, in order, with Block list (issue 31) after Senders. */
const tabs = [
  { id: "dashboard", label: "Dashboard", path: "/" },
  { id: "campaigns", label: "Emails", path: "/campaigns" },
  { id: "campaigns-overview", label: "Campaigns", path: "/campaigns-overview" },
  { id: "bulk-email", label: "Email in Bulk", path: "/bulk-email" },
  { id: "calendar", label: "Calendar", path: "/calendar" },
  { id: "delivery", label: "Deliverability", path: "/delivery" },
  { id: "inbox", label: "Inbox", path: "/inbox" },
  { id: "replies", label: "Reply Tracker", path: "/replies" },
  { id: "spam", label: "Failed emails", path: "/spam" },
  { id: "email-classification", label: "Email Classification", path: "/email-classification" },
  { id: "contacts", label: "Contacts", path: "/contacts" },
  { id: "senders", label: "Senders", path: "/senders" },
  { id: "block-list", label: "Block list", path: "/block-list" },
  { id: "settings", label: "Settings", path: "/settings" },
];

/** The protected routes of the spec's route table and the page heading each shows. */
const protectedRoutes = [
  ...tabs.map((t) => ({ path: t.path, heading: t.label, tab: t.id as string | undefined })),
  { path: "/campaigns/create", heading: "Create Campaign", tab: undefined },
  // An id that is not one of the user's campaigns: the edit screen says so.
  { path: "/campaigns/edit/00000000-0000-4000-8000-000000000000", heading: "Campaign not found", tab: undefined },
  { path: "/debug", heading: "Session Debugger", tab: undefined },
];

describeJourneys("application shell", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the brand, New Campaign, the spec's tabs in order, the user's email and Sign Out", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "menu");
    const menu = page.getByRole("complementary");

    await menu.getByRole("link", { name: "Coldreach" }).waitFor();
    await menu.getByRole("link", { name: "New Campaign" }).waitFor();
    const links = menu.getByRole("navigation", { name: "Main" }).getByRole("link");
    expect(await links.allTextContents()).toEqual(tabs.map((t) => t.label));
    expect(await links.evaluateAll((els) => els.map((el) => el.getAttribute("data-tab-id")))).toEqual(
      tabs.map((t) => t.id),
    );
    await menu.getByText(user.email, { exact: true }).waitFor();
    await menu.getByRole("button", { name: "Sign Out" }).waitFor();

    // The dashboard is the current tab at /; a click moves aria-current.
    const dashboard = links.filter({ hasText: "Dashboard" });
    const settings = links.filter({ hasText: "Settings" });
    expect(await dashboard.getAttribute("aria-current")).toBe("page");
    await settings.click();
    await page.waitForURL(`${app.baseUrl}/settings`);
    await eventually(() => settings.getAttribute("aria-current")).toBe("page");
    expect(await dashboard.getAttribute("aria-current")).toBeNull();

    await menu.getByRole("link", { name: "New Campaign" }).click();
    await page.waitForURL(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
    // The wizard has its own tab id, matching no side-menu entry.
    expect(await menu.locator('[aria-current="page"]').count()).toBe(0);
  });

  it("keeps the whole side menu, down to Sign Out, on screen without scrolling", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "fold");
    const viewport = page.viewportSize();
    const signOut = await page.getByRole("button", { name: "Sign Out" }).boundingBox();
    expect(viewport && signOut).toBeTruthy();
    if (!viewport || !signOut) return;
    expect(
      signOut.y + signOut.height,
      `bottom of Sign Out (viewport ${viewport.height}px high, short dashboard page)`,
    ).toBeLessThanOrEqual(viewport.height);
  });

  it("renders every protected route inside the shell, with the capture banner", async () => {
    const { page } = browser;
    browser.allowConsoleError(
      /\/api\/campaigns\/00000000-.*status of 404/,
      "the edit screen asks for a campaign that does not exist",
    );
    await signedInUser(page, app.baseUrl, "routes");
    const menu = page.getByRole("complementary");

    for (const route of protectedRoutes) {
      await page.goto(`${app.baseUrl}${route.path}`);
      await page.getByRole("heading", { level: 1, name: route.heading, exact: true }).waitFor();
      expect(new URL(page.url()).pathname, `${route.path} stays put`).toBe(route.path);
      await menu.getByRole("navigation", { name: "Main" }).waitFor();
      await page
        .getByRole("region", { name: "Mail delivery" })
        .getByText("Mail is captured, not delivered", { exact: false })
        .waitFor();
      const current = await menu
        .locator('[aria-current="page"]')
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-tab-id")));
      expect(current, `current tab at ${route.path}`).toEqual(route.tab ? [route.tab] : []);
    }
  });

  it("links the capture banner to the outbox", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "banner");
    await page.getByRole("region", { name: "Mail delivery" }).getByRole("link", { name: "Open the outbox" }).click();
    await page.waitForURL(`${app.baseUrl}/outbox`);
    await page.getByRole("heading", { level: 1, name: "Outbox" }).waitFor();
  });

  it("shows the 404 page for an unknown path, with a way home", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "notfound");
    await page.goto(`${app.baseUrl}/no-such-page`);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });

  it("shows the 404 page to a visitor who is not signed in", async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/no-such-page`);
    await page.getByRole("heading", { name: "Oops! Page not found" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/no-such-page");
  });

  it("falls back to the dashboard for /campaigns/edit without an id", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "editfallback");
    await page.goto(`${app.baseUrl}/campaigns/edit`);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });

  it("shows the session on /debug, reports storage and clears auth data", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "debug");
    await page.goto(`${app.baseUrl}/debug`);
    await page.getByRole("heading", { level: 1, name: "Session Debugger" }).waitFor();

    const row = (label: string) =>
      page.getByRole("term").filter({ hasText: label }).locator("xpath=following-sibling::dd[1]");
    await eventually(() => row("Session active").textContent()).toBe("Active");
    expect(await row("User email").textContent()).toBe(user.email);
    expect(await row("Loading").textContent()).toBe("No");
    // Shown in the browser's locale (en-US here); a session lasts days, so it ends in the future.
    const expires = Date.parse((await row("Expires").textContent()) ?? "");
    expect(expires, "Expires shows a date").not.toBeNaN();
    expect(expires).toBeGreaterThan(Date.now());

    await page.getByRole("button", { name: "Check Storage" }).click();
    await eventually(() => row("Session cookie readable by scripts").textContent()).toBe("No (httpOnly)");
    await row("localStorage keys").waitFor();
    await row("sessionStorage keys").waitFor();

    await page.getByRole("button", { name: "Clear Auth Data" }).click();
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    // The server session is gone too: protected routes send the visitor back.
    await page.goto(`${app.baseUrl}/debug`);
    await page.waitForURL(`${app.baseUrl}/auth`);
  });
});
