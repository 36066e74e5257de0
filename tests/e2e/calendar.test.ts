// The calendar (docs/product.md §8.1) on data made through the app: a
// campaign launched in capture mode (3 emails sent now, the 4th queued for
// the next day by the sender's daily limit), a failed direct send and a
// meeting last month. The user's timezone is Asia/Baghdad and the browser's
// New York: days and times follow the user's setting. Checked: the legend's
// counts, a day's 'N events', the day list titled with the long date, Event
// Details of a failed send, a sent one and a meeting, previous / next /
// Today, and 'Failed to load calendar data' with Try again.
// With E2E_SCREENSHOTS_DIR set, it also saves screenshots.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import {
  emailSends,
  scheduledEmails,
  scheduledMeetings,
  schedulingLinks,
  userSettings,
} from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { zonedInstant } from "../../src/shared/zoned-time.ts";
import {
  addMonths,
  dayOf,
  longDate,
  monthHeading,
  monthOf,
  timeOfDay,
  todayIn,
} from "../../src/web/features/calendar/calendar-dates.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

/** A scheduling link row written directly needs its organizer (the API fills it from the owner's senders). */
const organizer = { organizerName: "Olivia Owner", organizerEmail: "olivia@sender.test" };

const ZONE = "Asia/Baghdad";
const FAILURE = "550 5.1.1 <nobody@nowhere.test>: Recipient address rejected: User unknown";
const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const people = ["ana", "ben", "chen", "dana"].map((name) => ({
  email: `${name}@prospect.test`,
  firstName: name[0]!.toUpperCase() + name.slice(1),
  lastName: null,
  company: "Prospect",
  customFields: {},
}));

const campaign: CreateCampaignInput = {
  name: "Calendar Journey",
  description: null,
  emailColumn: "email",
  // One sender allowed 3 a day for 4 contacts: 3 go at launch, 1 waits for the next day.
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 3 }],
  contacts: people,
  sequence: [
    {
      subject: "Quick question for {{company}}",
      body: "Hi {{firstName}}",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
};

async function shot(page: Page, name: string) {
  if (!shotsDir) return;
  mkdirSync(shotsDir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(shotsDir, `${name}.png`) });
}

/** Event Details' value for a label. */
async function detail(dialog: Locator, label: string): Promise<string | null> {
  const row = dialog.locator("dl > div").filter({ has: dialog.page().getByText(label, { exact: true }) });
  return (await row.locator("dd").textContent())?.trim() ?? null;
}

/** The legend's count for a label ("Sent" → "3"). */
async function legendCount(page: Page, label: string): Promise<string> {
  const item = page
    .getByRole("list", { name: "Legend" })
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  return (await item.locator("span").last().textContent())?.trim() ?? "";
}

describeJourneys("calendar", () => {
  // The browser is in New York; the user's setting (Baghdad) must win.
  const browser = useBrowser({ timezoneId: "America/New_York" });
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the month's counts, a day's events and their details, and moves between months", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "calendar");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    const userId = owner!.id;
    await db
      .insert(userSettings)
      .values({ userId, timezone: ZONE })
      .onConflictDoUpdate({ target: userSettings.userId, set: { timezone: ZONE } });

    // Launch (as the wizard does: create, then launch) in capture mode.
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign });
    expect(created.status()).toBe(201);
    const { id: campaignId } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${campaignId}/launch`);
    expect(launched.status()).toBe(200);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(3);

    // A direct email that failed, now.
    const failedAt = new Date();
    await db.insert(emailSends).values({
      userId,
      toEmail: "nobody@nowhere.test",
      fromEmail: "hello@acme.test",
      subject: "Direct note",
      body: "Hi",
      status: "failed",
      failureCategory: "invalid_address",
      errorMessage: buildSendErrorMessage({
        error: FAILURE,
        recipient: "nobody@nowhere.test",
        sender: "hello@acme.test",
        subject: "Direct note",
        timestamp: failedAt,
        category: "invalid_address",
      }),
      createdAt: failedAt,
    });
    // A meeting on the 15th of last month, 09:30 in Baghdad.
    const thisMonth = monthOf(todayIn(ZONE));
    const lastMonth = addMonths(thisMonth, -1);
    const meetingDay = `${lastMonth}-15`;
    const meetingAt = zonedInstant(meetingDay, "09:30", ZONE);
    const [link] = await db
      .insert(schedulingLinks)
      .values({ userId, title: "Intro call", linkCode: "calJrny1", ...organizer })
      .returning();
    await db.insert(scheduledMeetings).values({
      linkId: link!.id,
      userId,
      prospectEmail: "lead@prospect.test",
      scheduledDate: meetingAt,
      durationMinutes: 30,
      endsAt: new Date(meetingAt.getTime() + 30 * 60_000),
      timezone: ZONE,
    });

    // What the calendar should show, read from the rows the app wrote (the queued email's
    // day depends on the sending window; today near midnight may differ from the launch's).
    const sends = await db.select().from(emailSends).where(eq(emailSends.userId, userId));
    const queued = await db.select().from(scheduledEmails).where(eq(scheduledEmails.campaignId, campaignId));
    const waiting = queued.filter((q) => q.status === "scheduled");
    expect(sends).toHaveLength(4);
    expect(waiting).toHaveLength(1);
    const days = [
      ...sends.map((s) => ({ type: s.status, day: dayOf((s.sentAt ?? s.createdAt).toISOString(), ZONE) })),
      ...waiting.map((q) => ({ type: "scheduled", day: dayOf(q.scheduledFor.toISOString(), ZONE) })),
    ];
    const inMonth = (type: string) => days.filter((d) => d.type === type && monthOf(d.day) === thisMonth).length;
    const failedDay = dayOf(failedAt.toISOString(), ZONE);
    const onFailedDay = days.filter((d) => d.day === failedDay).length;
    expect(monthOf(failedDay)).toBe(thisMonth);

    // A fresh load: the settings the app cached at sign-in still said UTC.
    await page.goto(`${app.baseUrl}/calendar`);
    await page.getByRole("heading", { level: 1, name: "Calendar" }).waitFor();
    const heading = page.getByRole("main").getByRole("heading", { level: 2 });
    await eventually(() => heading.textContent()).toBe(monthHeading(thisMonth));
    await page.getByText(`in your timezone (${ZONE})`).waitFor();

    // The legend counts the month.
    await eventually(() => legendCount(page, "Sent")).toBe(String(inMonth("sent")));
    expect(await legendCount(page, "Failed")).toBe("1");
    expect(await legendCount(page, "Scheduled")).toBe(String(inMonth("scheduled")));
    expect(await legendCount(page, "Meetings")).toBe("0");
    // Today is marked.
    const today = todayIn(ZONE);
    expect(await page.locator('td[aria-current="date"]').textContent()).toContain(String(Number(today.slice(8))));

    // The failed send's day: 'N events', opening the day list titled with the long date.
    const dayButton = page.getByRole("button", { name: `${longDate(failedDay)}: ${onFailedDay} events` });
    await dayButton.getByText(`${onFailedDay} events`, { exact: true }).waitFor();
    await shot(page, "calendar-month");
    await dayButton.click();
    const dayDialog = page.getByRole("dialog", { name: longDate(failedDay) });
    const events = dayDialog.getByRole("list", { name: "Events" }).getByRole("listitem");
    await eventually(() => events.count()).toBe(onFailedDay);
    await shot(page, "calendar-day");

    await events.filter({ hasText: "Direct note" }).getByRole("button").click();
    const details = page.getByRole("dialog", { name: "Event Details" });
    await details.waitFor();
    expect(await detail(details, "Type")).toBe("Failed");
    expect(await detail(details, "Title")).toBe("Direct note");
    expect(await detail(details, "Date and time")).toBe(
      `${longDate(failedDay)}, ${timeOfDay(failedAt.toISOString(), ZONE)}`,
    );
    expect(await detail(details, "Contact")).toBe("nobody@nowhere.test");
    expect(await detail(details, "Status")).toBe("Failed");
    // The human error text, not the stored JSON.
    expect(await detail(details, "Error message")).toBe(FAILURE);
    expect(await details.getByText("Campaign", { exact: true }).count()).toBe(0);
    await shot(page, "calendar-event-details");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });

    // A sent one, back in the day list (still open).
    const sentToday = sends.filter((s) => s.status === "sent" && dayOf(s.sentAt!.toISOString(), ZONE) === failedDay);
    if (sentToday.length > 0) {
      await events.filter({ hasText: sentToday[0]!.subject }).first().getByRole("button").click();
      await details.waitFor();
      expect(await detail(details, "Type")).toBe("Sent");
      expect(await detail(details, "Campaign")).toBe("Calendar Journey");
      expect(await detail(details, "Status")).toBe("Sent");
      expect(await detail(details, "Step")).toBe("1");
      await page.keyboard.press("Escape");
      await details.waitFor({ state: "hidden" });
    }
    await page.keyboard.press("Escape");
    await dayDialog.waitFor({ state: "hidden" });

    // Last month: the meeting alone on its day shows its time (Baghdad's, not New York's) and title.
    await page.getByRole("button", { name: "Previous month" }).click();
    await eventually(() => heading.textContent()).toBe(monthHeading(lastMonth));
    await eventually(() => legendCount(page, "Meetings")).toBe("1");
    const meetingButton = page.getByRole("button", { name: `${longDate(meetingDay)}: 9:30 AM Intro call` });
    await meetingButton.getByText("9:30 AM", { exact: true }).waitFor();
    await meetingButton.getByText("Intro call", { exact: true }).waitFor();
    await shot(page, "calendar-last-month");
    await meetingButton.click();
    await page
      .getByRole("dialog", { name: longDate(meetingDay) })
      .getByRole("button", { name: /Intro call/ })
      .click();
    await details.waitFor();
    expect(await detail(details, "Type")).toBe("Meeting");
    expect(await detail(details, "Title")).toBe("Intro call");
    expect(await detail(details, "Date and time")).toBe(`${longDate(meetingDay)}, 9:30 AM`);
    expect(await detail(details, "Contact")).toBe("lead@prospect.test");
    expect(await detail(details, "Duration")).toBe("30 minutes");
    expect(await detail(details, "Status")).toBe("Scheduled");
    await page.keyboard.press("Escape");
    await details.waitFor({ state: "hidden" });
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "hidden" });

    // Today comes back; next month is empty, its grid still there with zero counts.
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await eventually(() => heading.textContent()).toBe(monthHeading(thisMonth));
    await eventually(() => legendCount(page, "Failed")).toBe("1");
    await page.getByRole("button", { name: "Next month" }).click();
    await page.getByRole("button", { name: "Next month" }).click();
    await eventually(() => heading.textContent()).toBe(monthHeading(addMonths(thisMonth, 2)));
    await eventually(() => legendCount(page, "Sent")).toBe("0");
    expect(await page.getByRole("table").getByRole("button").count()).toBe(0);
    if (shotsDir) {
      await page.getByRole("button", { name: "Today", exact: true }).click();
      await page.getByRole("complementary").getByTitle("Dark", { exact: true }).click();
      await eventually(() => legendCount(page, "Failed")).toBe("1");
      await shot(page, "calendar-month-dark");
      await page.getByRole("button", { name: "Next month" }).click();
      await page.getByRole("button", { name: "Next month" }).click();
    }
    expect(await page.getByRole("table").getByRole("columnheader").allTextContents()).toEqual([
      "Sun",
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
    ]);
  });

  it("says 'Failed to load calendar data' when the month cannot load, and Try again loads it", async () => {
    const { page } = browser;
    browser.allowConsoleError(/status of 500/, "the month request is made to fail on purpose");
    await signedInUser(page, app.baseUrl, "calendar-fail");
    let fail = true;
    await page.route("**/api/calendar/month**", (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: "application/json",
            body: JSON.stringify({ error: { code: "internal_error", message: "boom" } }),
          })
        : route.fallback(),
    );
    await page.getByRole("link", { name: "Calendar", exact: true }).click();
    await toast(page, "Failed to load calendar data").waitFor();
    const alert = page.getByRole("alert").filter({ hasText: "Failed to load calendar data" });
    await alert.waitFor();
    fail = false;
    await alert.getByRole("button", { name: "Try again" }).click();
    await alert.waitFor({ state: "hidden" });
    await eventually(() => legendCount(page, "Sent")).toBe("0");
  });
});
