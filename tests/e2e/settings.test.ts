// The settings page (docs/product.md §5: fields, validation,
// messages, defaults): sections, defaults, validation that saves nothing, a save that
// persists, and a failed save that leaves the stored values alone.
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

async function openSettings(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/settings`);
  await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
  // The form appears once the stored values are loaded into it.
  await eventually(() => page.getByLabel("Daily send limit").inputValue()).not.toBe("");
}

/** What the form shows for the fields the journeys change. */
async function shownValues(page: Page) {
  const checked: string[] = [];
  for (const day of days) if (await page.getByRole("checkbox", { name: day }).isChecked()) checked.push(day);
  return {
    dailyLimit: await page.getByLabel("Daily send limit").inputValue(),
    timezone: await page.getByLabel("Timezone").inputValue(),
    windowStart: await page.getByLabel("Sending window starts").inputValue(),
    windowEnd: await page.getByLabel("Sending window ends").inputValue(),
    days: checked,
  };
}

/** Types part of a zone's name into the Timezone field and picks the zone from the matches, by keyboard. */
async function pickTimezone(page: Page, typed: string, zone: string) {
  const field = page.getByRole("combobox", { name: "Timezone" });
  await field.click();
  await field.pressSequentially(typed);
  const matches = page.getByRole("listbox", { name: "Timezone" }).getByRole("option");
  await eventually(() => matches.allTextContents()).toContain(zone);
  // Down to the zone, then Enter (which picks, and does not submit the form).
  const shown = await matches.allTextContents();
  for (let i = 0; i < shown.indexOf(zone); i++) await field.press("ArrowDown");
  await field.press("Enter");
  await eventually(() => field.inputValue()).toBe(zone);
  expect(await page.getByRole("listbox", { name: "Timezone" }).count()).toBe(0);
}

const defaults = {
  dailyLimit: "50",
  timezone: "UTC",
  windowStart: "00:00",
  windowEnd: "23:59",
  days,
};

function countSettingsWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "GET" && new URL(req.url()).pathname.startsWith("/api/settings")) writes.push(req.url());
  });
  return writes;
}

describeJourneys("settings", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows the five sections with the spec's defaults", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "defaults");
    await openSettings(page, app.baseUrl);

    for (const title of [
      "General Settings",
      "Sending Settings",
      "Email Composition Settings",
      "Security & Compliance",
      "Campaign Notifications",
    ]) {
      await page.getByRole("heading", { name: title, exact: true }).waitFor();
    }

    expect(await shownValues(page)).toEqual(defaults);
    expect(await page.getByRole("combobox", { name: "Theme mode" }).textContent()).toBe("Light");
    expect(await page.getByRole("combobox", { name: "From name format" }).textContent()).toBe(
      "First Last (e.g. Jane Smith)",
    );
    expect(await page.getByRole("switch", { name: "Reply handling" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Unsubscribe link" }).isChecked()).toBe(true);
    expect(await page.getByRole("switch", { name: "Campaign notifications" }).isChecked()).toBe(false);
    expect(await page.getByRole("switch", { name: "Open notifications" }).isChecked()).toBe(false);
    expect(await page.getByRole("switch", { name: "Reply notifications" }).isChecked()).toBe(false);

    const tags: string[] = [];
    for (let i = 1; i <= 2; i++) {
      tags.push(
        `${await page.getByLabel(`Tag name ${i}`, { exact: true }).inputValue()}=${await page.getByLabel(`Fallback value ${i}`, { exact: true }).inputValue()}`,
      );
    }
    expect(tags.sort()).toEqual(["company=your company", "first_name=there"]);
    expect(await page.getByLabel(/^Tag name \d+$/).count()).toBe(2);
  });

  it("shows the notification email field only while a notification toggle is on", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "notify");
    await openSettings(page, app.baseUrl);
    const email = page.getByLabel("Notification email");
    expect(await email.count()).toBe(0);

    await page.getByRole("switch", { name: "Campaign notifications" }).click();
    await email.waitFor();
    await page.getByRole("switch", { name: "Campaign notifications" }).click();
    await email.waitFor({ state: "detached" });

    await page.getByRole("switch", { name: "Open notifications" }).click();
    await email.waitFor();
    await page.getByRole("switch", { name: "Open notifications" }).click();
    await email.waitFor({ state: "detached" });

    // Reply notifications: the field shows for it too, and the switch is saved with the address.
    const replies = page.getByRole("switch", { name: "Reply notifications" });
    await replies.click();
    await email.waitFor();
    await email.fill("replies@owner.test");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();
    await page.reload();
    await openSettings(page, app.baseUrl);
    expect(await page.getByRole("switch", { name: "Reply notifications" }).isChecked()).toBe(true);
    expect(await page.getByLabel("Notification email").inputValue()).toBe("replies@owner.test");
  });

  it("rejects an out-of-range daily limit and an invalid notification email, saving nothing", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "invalid");
    await openSettings(page, app.baseUrl);
    const writes = countSettingsWrites(page);
    const save = page.getByRole("button", { name: "Save Settings" });
    const limit = page.getByLabel("Daily send limit");

    await limit.fill("0");
    await save.click();
    await page.getByText("Daily limit must be at least 1", { exact: true }).waitFor();

    await limit.fill("10001");
    await save.click();
    await page.getByText("Daily limit cannot exceed 10,000", { exact: true }).waitFor();

    await limit.fill("75");
    await page.getByRole("switch", { name: "Campaign notifications" }).click();
    await page.getByLabel("Notification email").fill("not-an-email");
    await save.click();
    await page.getByText("Invalid email address", { exact: true }).waitFor();
    await eventually(() => page.getByText(/^Daily limit/).count()).toBe(0);

    expect(writes, "settings writes sent to the server").toEqual([]);
    expect(await toast(page, "Settings saved successfully").count()).toBe(0);

    await page.reload();
    await openSettings(page, app.baseUrl);
    expect(await shownValues(page)).toEqual(defaults);
    expect(await page.getByRole("switch", { name: "Campaign notifications" }).isChecked()).toBe(false);
  });

  it("saves a valid change, showing 'Saving...' while it works, and keeps it after a reload", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "save");
    await openSettings(page, app.baseUrl);

    await page.getByLabel("Daily send limit").fill("120");
    await pickTimezone(page, "berl", "Europe/Berlin");
    await page.getByLabel("Sending window starts").fill("09:00");
    await page.getByLabel("Sending window ends").fill("17:00");
    await page.getByRole("checkbox", { name: "Saturday" }).click();
    await page.getByRole("checkbox", { name: "Sunday" }).click();

    // Hold the save until 'Saving...' has been seen, so the check does not race the server.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      "**/api/settings",
      async (route) => {
        await released;
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole("button", { name: "Save Settings" }).click();
    const saving = page.getByRole("button", { name: "Saving..." });
    await saving.waitFor();
    expect(await saving.isDisabled()).toBe(true);
    release();

    const saved = toast(page, "Settings saved successfully");
    await saved.waitFor();
    expect(await saved.getAttribute("data-type")).toBe("success");
    await page.getByRole("button", { name: "Save Settings" }).waitFor();

    const changed = {
      dailyLimit: "120",
      timezone: "Europe/Berlin",
      windowStart: "09:00",
      windowEnd: "17:00",
      days: days.slice(0, 5),
    };
    expect(await shownValues(page)).toEqual(changed);
    await page.reload();
    await openSettings(page, app.baseUrl);
    expect(await shownValues(page)).toEqual(changed);
  });

  it("finds a timezone by part of its name, picks it by keyboard or pointer, and keeps it after a reload", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "timezone");
    await openSettings(page, app.baseUrl);
    const field = page.getByRole("combobox", { name: "Timezone" });

    // Typing narrows the list: "new y" finds America/New_York (an underscore reads as a space).
    await field.click();
    await field.pressSequentially("new y");
    const matches = page.getByRole("listbox", { name: "Timezone" }).getByRole("option");
    await eventually(() => matches.allTextContents()).toEqual(["America/New_York"]);
    // Escape keeps the value it had; a half-typed word is not a choice.
    await field.press("Escape");
    expect(await field.inputValue()).toBe("UTC");

    await pickTimezone(page, "tokyo", "Asia/Tokyo");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();
    await page.reload();
    await openSettings(page, app.baseUrl);
    expect(await field.inputValue()).toBe("Asia/Tokyo");

    // With the pointer: a click on a match picks it.
    await field.click();
    await field.pressSequentially("lisb");
    await page.getByRole("option", { name: "Europe/Lisbon" }).click();
    expect(await field.inputValue()).toBe("Europe/Lisbon");
  });

  it("asks before leaving with changes not saved: Stay keeps them, Leave drops them; nothing asked when saved", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "unsaved");
    await openSettings(page, app.baseUrl);
    const original = await page.getByLabel("Daily send limit").inputValue();
    const leaveDialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    const goToSenders = () => page.getByRole("link", { name: "Senders" }).first().click();
    /** Whether closing or reloading the tab now would ask (the page's beforeunload handler cancels it). */
    const unloadAsks = async () =>
      (await page.evaluate(
        "(() => { const event = new Event('beforeunload', { cancelable: true }); window.dispatchEvent(event); return event.defaultPrevented; })()",
      )) as boolean;

    // Nothing changed: no question.
    expect(await unloadAsks()).toBe(false);
    await goToSenders();
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
    await openSettings(page, app.baseUrl);

    await page.getByLabel("Daily send limit").fill("321");
    expect(await unloadAsks()).toBe(true);
    await goToSenders();
    await leaveDialog.getByText("Your changes on this page are not saved. If you leave, they are lost.").waitFor();
    await leaveDialog.getByRole("button", { name: "Stay" }).click();
    await leaveDialog.waitFor({ state: "detached" });
    await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
    expect(await page.getByLabel("Daily send limit").inputValue()).toBe("321");

    await goToSenders();
    await leaveDialog.getByRole("button", { name: "Leave" }).click();
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
    await openSettings(page, app.baseUrl);
    expect(await page.getByLabel("Daily send limit").inputValue()).toBe(original);

    // Saved: leaving asks nothing.
    await page.getByLabel("Daily send limit").fill("321");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();
    expect(await unloadAsks()).toBe(false);
    await goToSenders();
    await page.getByRole("heading", { level: 1, name: "Senders" }).waitFor();
    expect(await leaveDialog.count()).toBe(0);
  });

  it("reports a failed save with 'Failed to save settings' and keeps the stored values", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/settings: .*status of 500/, "the journey makes the save answer 500 on purpose");
    await signedInUser(page, app.baseUrl, "failsave");
    await openSettings(page, app.baseUrl);

    await page.route(
      "**/api/settings",
      (route) =>
        route.request().method() === "PUT"
          ? route.fulfill({
              status: 500,
              contentType: "application/json",
              body: JSON.stringify({ error: { code: "internal_error", message: "Something went wrong" } }),
            })
          : route.continue(),
      { times: 1 },
    );
    await page.getByLabel("Daily send limit").fill("200");
    await page.getByRole("checkbox", { name: "Monday" }).click();
    await page.getByRole("button", { name: "Save Settings" }).click();

    const failed = toast(page, "Failed to save settings");
    await failed.waitFor();
    expect(await failed.getAttribute("data-type")).toBe("error");
    expect(await toast(page, "Settings saved successfully").count()).toBe(0);

    await page.reload();
    await openSettings(page, app.baseUrl);
    expect(await shownValues(page)).toEqual(defaults);
  });
});
