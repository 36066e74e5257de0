// Long lists (issue 6, "Scale"; issue 15, "Long lists load as you scroll"):
// 300 sends to 300 contacts on Emails and on Inbox. Scrolled to the end of
// what is loaded, the next page arrives without a click, one request per page;
// after a failed page, scrolling does not retry in a loop and 'Load more'
// (reachable from the keyboard) does. However many rows are loaded,
// a bounded number is in the DOM; scrolling reaches the last one; every
// rendered row tells screen readers the loaded total and its place; Tab walks
// the rows in order past the rendered ones; an Inbox card expands from the
// keyboard without overlapping its neighbours and stays open when scrolled
// away and back. With E2E_SCREENSHOTS_DIR set, it saves screenshots.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaigns, contacts, emailSends } from "../../src/server/db/schema/index.ts";
import { DIRECTORY_PAGE_SIZE } from "../../src/shared/contact-directory/contact-directory.schemas.ts";
import { EMAILS_PAGE_SIZE } from "../../src/shared/emails/emails.schemas.ts";
import { INBOX_GROUP_PAGE_SIZE } from "../../src/shared/inbox/inbox.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";
import {
  expectStacked,
  focusedRow,
  inViewport,
  loadedCount,
  rowsOf,
  scrollPastLoaded,
  scrollToEnd,
  scrollToStart,
  scrollUntilLoaded,
  tabThroughRows,
} from "./support/virtual-list.ts";

const TOTAL = 300;
/** Far fewer than loaded: what fits an 800 px viewport plus the rows rendered beyond its edges. */
const MAX_RENDERED = 40;
const ROW_GAP = 12;
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const nth = (i: number) => String(i).padStart(3, "0");

/** Contact i (1 = most recent activity) got 'Note i', sent i minutes ago. */
async function seedSends(app: AppServer, email: string) {
  const db = app.database.db;
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const userId = owner!.id;
  const [campaign] = await db.insert(campaigns).values({ userId, name: "Big Launch", status: "active" }).returning();
  const people = await db
    .insert(contacts)
    .values(
      Array.from({ length: TOTAL }, (_, k) => ({
        userId,
        campaignId: campaign!.id,
        email: `person${nth(k + 1)}@bulk.test`,
        firstName: "Person",
        lastName: nth(k + 1),
      })),
    )
    .returning({ id: contacts.id, email: contacts.email });
  const byEmail = new Map(people.map((p) => [p.email, p.id]));
  await db.insert(emailSends).values(
    Array.from({ length: TOTAL }, (_, k) => {
      const at = new Date(Date.now() - (k + 1) * 60_000);
      const to = `person${nth(k + 1)}@bulk.test`;
      return {
        userId,
        campaignId: campaign!.id,
        contactId: byEmail.get(to)!,
        toEmail: to,
        fromEmail: "me@acme.test",
        subject: `Note ${nth(k + 1)}`,
        body: "Hi",
        status: "sent" as const,
        sentAt: at,
        createdAt: at,
      };
    }),
  );
}

/** The cursor of every request for a next page of `path` (the first page has none), as they are made. */
function nextPageRequests(page: Page, path: string): string[] {
  const cursors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const cursor = url.searchParams.get("cursor");
    if (url.pathname === path && cursor) cursors.push(cursor);
  });
  return cursors;
}

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

describeJourneys("long lists", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("Emails: pages load on scroll, a bounded number of rows rendered, the last one reached by scrolling", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "long-emails");
    await seedSends(app, user.email);
    const requested = nextPageRequests(page, "/api/emails");
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    const list = page.getByRole("list", { name: "Emails" });
    const rows = rowsOf(list);
    await rows.first().getByText("Note 001").waitFor();
    expect(await loadedCount(list)).toBe(EMAILS_PAGE_SIZE);
    expect(requested).toEqual([]);

    // Scrolled to the end of the first page: the second arrives, nobody clicked.
    expect(await scrollPastLoaded(list)).toBeGreaterThan(EMAILS_PAGE_SIZE);
    expect(requested.length).toBeGreaterThanOrEqual(1);

    await scrollUntilLoaded(page, list, TOTAL);
    // One request per page, none made twice.
    expect(requested).toHaveLength(Math.ceil(TOTAL / EMAILS_PAGE_SIZE) - 1);
    expect(new Set(requested).size).toBe(requested.length);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    expect(new Set(await rows.evaluateAll((r) => r.map((row) => row.getAttribute("aria-setsize"))))).toEqual(
      new Set([String(TOTAL)]),
    );

    await scrollToEnd(list, TOTAL);
    const last = rows.last();
    await last.getByRole("heading", { name: `Note ${nth(TOTAL)}` }).waitFor();
    await last.getByText(`To: Person ${nth(TOTAL)}`).waitFor();
    expect(await inViewport(page, last)).toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    await expectStacked(list, ROW_GAP);
    await shot(page, "emails-long-end");

    // Keyboard: each row has one link; Tab goes row after row, past the rows first rendered.
    await scrollToStart(list);
    await rows
      .first()
      .getByRole("link", { name: /Edit Campaign/ })
      .focus();
    expect(await focusedRow(page)).toBe(1);
    const presses = MAX_RENDERED + 5;
    expect(await tabThroughRows(page, presses)).toEqual(Array.from({ length: presses }, (_, i) => i + 2));
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    await expectStacked(list, ROW_GAP);
    await shot(page, "emails-long-middle");
  }, 120_000);

  it("Emails: after a failed page, scrolling does not retry; 'Load more' from the keyboard does", async () => {
    const { page } = browser;
    browser.allowConsoleError(/status of 500/, "the second page is made to fail");
    const user = await signedInUser(page, app.baseUrl, "long-emails-failed");
    await seedSends(app, user.email);
    const requested = nextPageRequests(page, "/api/emails");
    const nextPage = (url: URL) => url.pathname === "/api/emails" && url.searchParams.has("cursor");
    const fail = (route: Route) =>
      route.fulfill({ status: 500, json: { error: { code: "internal", message: "Down for a moment" } } });
    await page.route(nextPage, fail);
    await page.getByRole("link", { name: "Emails", exact: true }).click();
    const list = page.getByRole("list", { name: "Emails" });
    await rowsOf(list).first().getByText("Note 001").waitFor();

    await list.evaluate((ul) => ul.scrollIntoView({ block: "end" }));
    await page.getByRole("alert").getByText("Failed to load campaigns").waitFor();
    // The one failed load (the query's own retries included), for the second page.
    const attempts = requested.length;
    expect(new Set(requested).size).toBe(1);
    // Away from the end and back: the failed page is not fetched again by itself.
    await scrollToStart(list);
    await list.evaluate((ul) => ul.scrollIntoView({ block: "end" }));
    await rowsOf(list)
      .last()
      .getByRole("heading", { name: `Note ${nth(EMAILS_PAGE_SIZE)}` })
      .waitFor();

    await page.unroute(nextPage, fail);
    await page.getByRole("button", { name: "Load more" }).focus();
    await page.keyboard.press("Enter");
    await eventually(() => loadedCount(list)).toBeGreaterThan(EMAILS_PAGE_SIZE);
    // The failed load and the one from the keyboard, for the same page: nothing in between.
    expect(requested).toEqual(Array(attempts + 1).fill(requested[0]));
    expect(await page.getByRole("alert").getByText("Failed to load campaigns").count()).toBe(0);
  }, 120_000);

  it("Inbox: pages load on scroll, a bounded number of cards rendered, cards expand from the keyboard", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "long-inbox");
    await seedSends(app, user.email);
    const requested = nextPageRequests(page, "/api/inbox");
    await page.goto(`${app.baseUrl}/inbox`);
    const list = page.getByRole("list", { name: "Sent emails by contact" });
    const rows = rowsOf(list);
    await rows.first().getByRole("heading", { name: "Person 001" }).waitFor();
    expect(await loadedCount(list)).toBe(INBOX_GROUP_PAGE_SIZE);
    expect(requested).toEqual([]);

    expect(await scrollPastLoaded(list)).toBeGreaterThan(INBOX_GROUP_PAGE_SIZE);
    await scrollUntilLoaded(page, list, TOTAL);
    expect(requested).toHaveLength(Math.ceil(TOTAL / INBOX_GROUP_PAGE_SIZE) - 1);
    expect(new Set(requested).size).toBe(requested.length);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    expect(new Set(await rows.evaluateAll((r) => r.map((row) => row.getAttribute("aria-setsize"))))).toEqual(
      new Set([String(TOTAL)]),
    );

    await scrollToEnd(list, TOTAL);
    const last = list.getByRole("listitem", { name: `Person ${nth(TOTAL)}` });
    expect(await last.getAttribute("aria-posinset")).toBe(String(TOTAL));
    await last.getByText(`person${nth(TOTAL)}@bulk.test`).waitFor();
    expect(await inViewport(page, last)).toBe(true);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    await expectStacked(list, ROW_GAP);
    await shot(page, "inbox-long-end");

    // Expand the first card from the keyboard: Enter on Email History, Space on Replies.
    await scrollToStart(list);
    const first = list.getByRole("listitem", { name: "Person 001" });
    const history = first.getByRole("button", { name: "Email History" });
    await history.focus();
    await page.keyboard.press("Enter");
    await eventually(() => history.getAttribute("aria-expanded")).toBe("true");
    await first.getByRole("region", { name: "Email history of Person 001" }).getByText("Note 001").waitFor();
    const replies = first.getByRole("button", { name: /Replies/ });
    await replies.focus();
    await page.keyboard.press("Space");
    await first.getByRole("region", { name: "Replies from Person 001" }).getByText("No replies yet").waitFor();
    await expectStacked(list, ROW_GAP);
    await shot(page, "inbox-long-expanded");

    // Tab from the open card goes through its Reply and New Email links, then the next cards in order
    // (four stops a card: the Lead status control and three toggles, so far enough to pass half the rows).
    const positions = await tabThroughRows(page, MAX_RENDERED * 3);
    expect(positions.every((p, i) => p >= (positions[i - 1] ?? 1) && p <= (positions[i - 1] ?? 1) + 1)).toBe(true);
    expect(positions.at(-1)).toBeGreaterThan(MAX_RENDERED / 2);
    await expectStacked(list, ROW_GAP);

    // The card holding the focus stays in the DOM when scrolled away, so the focus is not lost.
    const focused = positions.at(-1)!;
    await scrollToEnd(list, TOTAL);
    expect(await focusedRow(page)).toBe(focused);
    await page.evaluate("document.activeElement.blur()");

    // Scrolled away, the open card leaves the DOM; back at the top it is still open.
    await scrollToStart(list);
    await scrollToEnd(list, TOTAL);
    expect(await first.count()).toBe(0);
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    await scrollToStart(list);
    expect(await history.getAttribute("aria-expanded")).toBe("true");
    await first.getByRole("region", { name: "Email history of Person 001" }).getByText("Note 001").waitFor();
    await expectStacked(list, ROW_GAP);
  }, 120_000);

  it("Contacts: the table loads its pages on scroll and keeps a bounded number of rows", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "long-contacts");
    await seedSends(app, user.email);
    const requested = nextPageRequests(page, "/api/contacts");
    await page.goto(`${app.baseUrl}/contacts`);
    const table = page.getByRole("table", { name: "Contacts" });
    const rows = table.locator("tbody > tr[aria-rowindex]");
    await page.getByText(`Showing ${DIRECTORY_PAGE_SIZE} of ${TOTAL}`).waitFor();
    expect(requested).toEqual([]);

    // Scrolled to the end of the loaded rows, page after page, without a click.
    const tbody = table.locator("tbody");
    for (let loaded = DIRECTORY_PAGE_SIZE; loaded < TOTAL; loaded += DIRECTORY_PAGE_SIZE) {
      await eventually(async () => {
        await tbody.evaluate((body) => body.scrollIntoView({ block: "end" }));
        return Number(await table.getAttribute("aria-rowcount")) - 1;
      }).toBeGreaterThan(loaded);
    }
    await page.getByText(`Showing ${TOTAL} of ${TOTAL}`).waitFor();
    expect(requested).toHaveLength(Math.ceil(TOTAL / DIRECTORY_PAGE_SIZE) - 1);
    expect(new Set(requested).size).toBe(requested.length);
    expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);

    // The last contact (the oldest) is in the table, among a bounded number of rendered rows.
    await eventually(async () => {
      await tbody.evaluate((body) => body.scrollIntoView({ block: "end" }));
      return rows.last().getAttribute("aria-rowindex");
    }).toBe(String(TOTAL + 1));
    expect(await rows.count()).toBeLessThanOrEqual(MAX_RENDERED);
    await shot(page, "contacts-long-end");
  }, 120_000);
});
