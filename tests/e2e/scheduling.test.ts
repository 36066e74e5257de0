// Scheduling links and the public booking page (issue 14; docs/product.md §8):
// a link created from the calendar (both validation messages first), its public URL
// copied and opened signed out, a slot booked and gone after a reload, the
// meeting on the calendar in purple, the confirmation with its invite in the
// outbox. Dates come from the picker (its first enabled date with free times),
// never a hard-coded one. Issue 27: the dialog's booking horizon, minimum
// notice and organizer fields, the picker bounded by the horizon, and the
// booker's name refused with a message on its own field.
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { formatClock, formatLongDate } from "../../src/web/features/scheduling/schedule-format.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { pickFirstDateWithTimes } from "./support/booking-page.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { expectNoClassConflicts } from "./support/class-conflicts.ts";
import { latestMessageTo, signedInUser, uniqueEmail } from "./support/users.ts";

const weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
const prospect = { name: "Pat Prospect", email: "pat.prospect@example.com" };

async function openManager(page: Page, baseUrl: string): Promise<Locator> {
  await page.goto(`${baseUrl}/calendar`);
  await page.getByRole("button", { name: "Create Scheduling Link" }).click();
  const dialog = page.getByRole("dialog", { name: "Scheduling Links" });
  await dialog.waitFor();
  return dialog;
}

/** Requests that would write a scheduling link. */
function countLinkWrites(page: Page): string[] {
  const writes: string[] = [];
  page.on("request", (req) => {
    if (req.method() !== "GET" && new URL(req.url()).pathname.startsWith("/api/scheduling-links"))
      writes.push(`${req.method()} ${req.url()}`);
  });
  return writes;
}

/** "9:30 AM" plus `minutes`, in the same 12-hour format. */
function plusMinutes(time: string, minutes: number): string {
  const [, h, m, half] = time.match(/^(\d{1,2}):(\d{2}) ([AP]M)$/)!;
  const total = (((Number(h) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(m) + minutes + 1440) % 1440;
  const hour = Math.floor(total / 60);
  return `${hour % 12 === 0 ? 12 : hour % 12}:${String(total % 60).padStart(2, "0")} ${hour < 12 ? "AM" : "PM"}`;
}

/** The legend's count for a label ("Meetings" → "1"). */
async function legendCount(page: Page, label: string): Promise<string> {
  const item = page
    .getByRole("list", { name: "Legend" })
    .getByRole("listitem")
    .filter({ has: page.getByText(label, { exact: true }) });
  return (await item.locator("span").last().textContent())?.trim() ?? "";
}

/** The page's getComputedStyle (these tests compile without the DOM types). */
type StyleReader = { getComputedStyle(el: unknown): { backgroundColor: string } };

/** The hue (degrees) of a computed CSS colour: Tailwind 4's palette computes to oklch(). */
function hueOf(color: string): number {
  const oklch = color.match(/^oklch\(\S+ \S+ ([\d.]+)/);
  if (!oklch) throw new Error(`not an oklch() colour: ${color}`);
  return Number(oklch[1]);
}

describeJourneys("scheduling links and public booking", () => {
  // The owner reads times in the link's zone (the calendar and the outbox's invite show the viewer's clock).
  const browser = useBrowser({ timezoneId: "Asia/Baghdad" });
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("creates a link from the calendar, books it signed out, and shows the meeting on the calendar and in the outbox", async () => {
    const { page, context } = browser;
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: app.baseUrl });
    const user = await signedInUser(page, app.baseUrl, "scheduling");
    const writes = countLinkWrites(page);

    // The manager, empty, with its defaults (docs/product.md §8.3).
    const dialog = await openManager(page, app.baseUrl);
    await dialog.getByText("No scheduling links yet").waitFor();
    expect(await dialog.getByLabel("Duration (minutes)").inputValue()).toBe("30");
    expect(await dialog.getByLabel("Duration (minutes)").getAttribute("min")).toBe("15");
    expect(await dialog.getByLabel("Duration (minutes)").getAttribute("step")).toBe("15");
    expect(await dialog.getByLabel("Start time").inputValue()).toBe("09:00");
    expect(await dialog.getByLabel("End time").inputValue()).toBe("17:00");
    const checkedDays: string[] = [];
    for (const day of weekdays)
      if (await dialog.getByRole("checkbox", { name: day }).isChecked()) checkedDays.push(day);
    expect(checkedDays).toEqual(weekdays.slice(0, 5));
    expect(await dialog.getByLabel("Timezone").inputValue()).toBe("Asia/Baghdad (GMT+03:00)");
    // Issue 28: a searchable list, where a zone ICU lists under its old name is found by its current one.
    const timezone = dialog.getByRole("combobox", { name: "Timezone" });
    await timezone.fill("kolkata");
    await eventually(() =>
      dialog.getByRole("listbox", { name: "Timezone" }).getByRole("option").allTextContents(),
    ).toEqual(["Asia/Calcutta (GMT+05:30)"]);
    await timezone.press("Escape");
    await timezone.blur();
    expect(await timezone.inputValue()).toBe("Asia/Baghdad (GMT+03:00)");
    // Issue 27: how far ahead and how soon, and the organizer (no sender account: the user's name and sign-in address).
    expect(await dialog.getByLabel("Booking horizon (days)").inputValue()).toBe("60");
    expect(await dialog.getByLabel("Minimum notice (hours)").inputValue()).toBe("2");
    await eventually(() => dialog.getByLabel("Organizer name").inputValue()).toBe(user.fullName);
    await eventually(() => dialog.getByLabel("Organizer email").inputValue()).toBe(user.email);

    // Both validation messages (docs/product.md §8.3), and nothing sent to the server.
    const create = dialog.getByRole("button", { name: "Create Link" });
    await create.click();
    await dialog.getByText("Please enter a title", { exact: true }).waitFor();
    await dialog.getByLabel("Title").fill("Intro call");
    for (const day of weekdays.slice(0, 5)) await dialog.getByRole("checkbox", { name: day }).click();
    await create.click();
    await dialog.getByText("Please select at least one available day", { exact: true }).waitFor();
    await eventually(() => dialog.getByText("Please enter a title", { exact: true }).count()).toBe(0);
    // The horizon's and the notice's bounds, each under its field.
    await dialog.getByLabel("Booking horizon (days)").fill("366");
    await dialog.getByLabel("Minimum notice (hours)").fill("721");
    await create.click();
    await dialog.getByText("The booking horizon must be between 1 and 365 days", { exact: true }).waitFor();
    await dialog.getByText("The minimum notice must be between 0 and 720 hours (30 days)", { exact: true }).waitFor();
    expect(await dialog.getByLabel("Booking horizon (days)").getAttribute("aria-invalid")).toBe("true");
    expect(writes, "link writes sent for an invalid form").toEqual([]);
    // A short horizon, so the visitor's picker ends within two months.
    await dialog.getByLabel("Booking horizon (days)").fill("10");
    await dialog.getByLabel("Minimum notice (hours)").fill("2");

    // A valid link: the default weekdays back on.
    for (const day of weekdays.slice(0, 5)) await dialog.getByRole("checkbox", { name: day }).click();
    await dialog.getByLabel("Description").fill("A short call to see whether we fit.");
    await create.click();
    await toast(page, "Scheduling link created successfully").waitFor();
    const card = dialog.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Intro call" }) });
    await card.waitFor();
    await card.getByText("30 minutes").waitFor();
    await card.getByText("Monday to Friday").waitFor();
    await card.getByText(/9:00 AM – 5:00 PM \(Asia\/Baghdad, GMT\+3\)/).waitFor();
    expect(await card.getByRole("switch", { name: "Active" }).isChecked()).toBe(true);
    // The form is ready for the next link.
    expect(await dialog.getByLabel("Title").inputValue()).toBe("");

    // Copy the public URL.
    await card.getByRole("button", { name: "Copy link: Intro call" }).click();
    await toast(page, "Link copied to clipboard").waitFor();
    const url = String(await page.evaluate("navigator.clipboard.readText()"));
    expect(url).toBe(await card.getByLabel("Public link").inputValue());
    expect(new URL(url).origin).toBe(app.baseUrl);
    expect(new URL(url).pathname).toMatch(/^\/schedule\/[A-Za-z0-9_-]{8}$/);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // Signed out, in another zone: the public page.
    const visitor = await browser.newContext({ timezoneId: "America/New_York" });
    const guest = await visitor.newPage();
    await guest.goto(url);
    await guest.getByRole("heading", { level: 1, name: "Intro call" }).waitFor();
    await guest.getByText("A short call to see whether we fit.").waitFor();
    await guest.getByText("30 minutes").waitFor();
    await guest.getByText("Monday to Friday").waitFor();
    await expectNoClassConflicts(guest, "the booking page");

    // The picker offers nothing past the horizon (today + 10 days on the link's clock) and cannot go beyond its month.
    const { today, lastDate } = (await (
      await visitor.request.get(`${app.baseUrl}/api/public/schedule/${new URL(url).pathname.split("/").pop()}`)
    ).json()) as { today: string; lastDate: string };
    expect(Date.parse(`${lastDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)).toBe(10 * 86_400_000);
    const picker = guest.getByRole("table", { name: /\d{4}$/ });
    const nextMonth = guest.getByRole("button", { name: "Next month" });
    for (let month = 0; month < 3 && (await nextMonth.isEnabled()); month++) await nextMonth.click();
    expect(await nextMonth.isDisabled(), "no month after the horizon's").toBe(true);
    await picker.locator(`button[data-date="${lastDate}"]`).waitFor();
    const enabledDates = await picker
      .locator("button[data-date]:not([disabled])")
      .evaluateAll((buttons) => buttons.map((b) => (b as unknown as { dataset: { date: string } }).dataset.date));
    expect(enabledDates.filter((d) => d > lastDate)).toEqual([]);
    await guest.goto(url);
    await guest.getByRole("heading", { level: 1, name: "Intro call" }).waitFor();

    // Date, time and email are required (docs/product.md §8.4).
    const schedule = guest.getByRole("button", { name: "Schedule Meeting" });
    await schedule.click();
    await guest.getByText("Please fill in all required fields", { exact: true }).waitFor();

    const dateName = await pickFirstDateWithTimes(guest);
    const times = guest.getByRole("group", { name: "Choose a time" }).getByRole("button");
    const slot = times.first();
    const slotName = (await slot.getAttribute("aria-label"))!;
    // The link's zone named, and the visitor's own time beside it (New York is never at +3).
    expect(slotName).toMatch(/^\d{1,2}:\d{2} [AP]M GMT\+3, .*\d{1,2}:\d{2} [AP]M GMT-[45] your time$/);
    const freeBefore = await times.count();
    await slot.click();
    await eventually(() => slot.getAttribute("aria-pressed")).toBe("true");
    await expectNoClassConflicts(guest, "the booking page with a date and time chosen");
    await schedule.click();
    await guest.getByText("Please fill in all required fields", { exact: true }).waitFor();

    // A name that is not one: its message under the name field, nothing booked (issue 27).
    const bookings: string[] = [];
    guest.on("request", (req) => {
      if (req.method() === "POST" && req.url().includes("/meetings")) bookings.push(req.url());
    });
    const nameField = guest.getByLabel("Name (optional)");
    await guest.getByLabel("Email").fill(prospect.email);
    await nameField.fill("n".repeat(101));
    await schedule.click();
    await guest.getByText("Names are limited to 100 characters", { exact: true }).waitFor();
    expect(await nameField.getAttribute("aria-invalid")).toBe("true");
    await nameField.fill("Pay at evil.example/pay");
    await schedule.click();
    await guest.getByText("Names cannot contain links or web addresses", { exact: true }).waitFor();
    expect(bookings, "bookings sent for an invalid name").toEqual([]);

    await nameField.fill(prospect.name);
    await schedule.click();
    await guest.getByRole("heading", { level: 1, name: "Meeting Scheduled!" }).waitFor();
    await toast(guest, "Meeting scheduled successfully!").waitFor();
    await guest.getByText(dateName, { exact: true }).waitFor();
    await guest.getByText(slotName.split(",")[0]!, { exact: true }).waitFor();
    await guest.getByText("30 minutes").waitFor();
    await guest.getByText(/A confirmation email with a calendar invite has been sent to/).waitFor();
    await expectNoClassConflicts(guest, "the booking confirmation");

    // After a reload (the date stays in the address) the booked time is gone, the others stay.
    await guest.reload();
    await guest.getByRole("heading", { level: 1, name: "Intro call" }).waitFor();
    await eventually(() => guest.getByRole("button", { name: dateName }).getAttribute("aria-pressed")).toBe("true");
    if (freeBefore > 1) await eventually(() => times.count()).toBe(freeBefore - 1);
    else await guest.getByText("No free times on this date. Please choose another date.").waitFor();
    expect(await guest.getByRole("button", { name: slotName }).count()).toBe(0);

    // The confirmation with its invite in the outbox: SUMMARY is the link's title, the
    // instant and duration those booked (the signed-in context reads times in Baghdad).
    await page.goto(`${app.baseUrl}/outbox`);
    await page
      .getByRole("list", { name: "Captured messages" })
      .getByRole("link")
      .filter({ hasText: "Meeting scheduled: Intro call" })
      .filter({ hasText: prospect.email })
      .click();
    await page.getByRole("heading", { name: "Meeting scheduled: Intro call" }).waitFor();
    await page.getByRole("tab", { name: /^Attachments \(\d+\)$/ }).click();
    const invite = page.getByRole("region", { name: "Invite: Intro call" });
    await invite.waitFor();
    const terms = await invite.locator("dt").allTextContents();
    const values = await invite.locator("dd").allTextContents();
    const shown = Object.fromEntries(terms.map((t, i) => [t, values[i]]));
    const start = slotName.split(" GMT")[0]!;
    expect(shown.When).toBe(`${dateName}, ${start} – ${plusMinutes(start, 30)} GMT+3`);
    expect(shown.Method).toBe("REQUEST");
    expect(shown.Attendees).toContain(prospect.email);

    // Signed in again: the meeting on the calendar, in purple, counted in the legend. The
    // calendar reads times in the user's timezone setting (UTC by default): 3 hours before
    // Baghdad's, on the same date for a 09:00–17:00 window.
    await page.goto(`${app.baseUrl}/calendar`);
    const heading = page.getByRole("main").getByRole("heading", { level: 2 });
    const bookedMonth = dateName.replace(/^\w+, (\w+) \d+, (\d{4})$/, "$1 $2");
    await heading.waitFor();
    if ((await heading.textContent()) !== bookedMonth) await page.getByRole("button", { name: "Next month" }).click();
    await eventually(() => heading.textContent()).toBe(bookedMonth);
    await eventually(() => legendCount(page, "Meetings")).toBe("1");
    const meeting = page.getByRole("button", { name: `${dateName}: ${plusMinutes(start, -180)} Intro call` });
    await meeting.getByText("Intro call", { exact: true }).waitFor();
    const chip = meeting.getByText("Intro call", { exact: true }).locator("xpath=..");
    const hue = hueOf(
      await chip.evaluate((el) => (globalThis as unknown as StyleReader).getComputedStyle(el).backgroundColor),
    );
    expect(hue, "the meeting's background hue (purple)").toBeGreaterThan(280);
    expect(hue, "the meeting's background hue (purple)").toBeLessThan(330);
  });

  it("turns a link off and on, cancels a booking from its confirmation email, and deletes the link", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "link-states");
    const guestEmail = uniqueEmail("guest");
    const created = await page.request.post(`${app.baseUrl}/api/scheduling-links`, {
      data: {
        title: "Demo",
        description: "",
        durationMinutes: 60,
        availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        availableTimeStart: "09:00",
        availableTimeEnd: "17:00",
        timezone: "Europe/Berlin",
      },
    });
    expect(created.status()).toBe(201);
    const link = (await created.json()) as { publicUrl: string; linkCode: string };

    // A booking through the public API on the first date with a free time.
    const visitor = await browser.newContext();
    const api = visitor.request;
    const publicLink = (await (await api.get(`${app.baseUrl}/api/public/schedule/${link.linkCode}`)).json()) as {
      today: string;
    };
    let booking: { date: string; time: string } | undefined;
    for (let day = 0; day < 3 && !booking; day++) {
      const date = new Date(Date.parse(`${publicLink.today}T00:00:00Z`) + day * 86_400_000).toISOString().slice(0, 10);
      const { slots } = (await (
        await api.get(`${app.baseUrl}/api/public/schedule/${link.linkCode}/slots?date=${date}`)
      ).json()) as { slots: { time: string }[] };
      if (slots[0]) booking = { date, time: slots[0].time };
    }
    if (!booking) throw new Error("no free time in three days");
    const booked = await api.post(`${app.baseUrl}/api/public/schedule/${link.linkCode}/meetings`, {
      data: { ...booking, email: guestEmail },
    });
    expect(booked.status()).toBe(201);

    // The cancel link from the confirmation email (sent once the booking is stored).
    await eventually(() =>
      latestMessageTo(app.baseUrl, guestEmail).then(
        () => true,
        () => false,
      ),
    ).toBe(true);
    const { text } = await latestMessageTo(app.baseUrl, guestEmail);
    const cancelUrl = text?.match(/https?:\/\/\S+\/schedule\/cancel\/\S+/)?.[0];
    if (!cancelUrl) throw new Error("no cancel link in the confirmation");
    const guest = await visitor.newPage();
    await guest.goto(cancelUrl);
    await guest.getByRole("heading", { level: 1, name: "Cancel this meeting?" }).waitFor();
    await guest.getByText(formatLongDate(booking.date), { exact: true }).waitFor();
    await guest.getByText("60 minutes", { exact: true }).waitFor();
    await expectNoClassConflicts(guest, "the cancel page");
    await guest.getByRole("button", { name: "Cancel meeting" }).click();
    await guest.getByRole("heading", { level: 1, name: "Your meeting has been cancelled" }).waitFor();
    await guest.reload();
    await guest.getByRole("heading", { level: 1, name: "Your meeting has been cancelled" }).waitFor();
    // The time is free again.
    await guest.goto(`${link.publicUrl}?date=${booking.date}`);
    const freeAgain = guest
      .getByRole("group", { name: "Choose a time" })
      .getByRole("button", { name: new RegExp(`^${formatClock(booking.time)} GMT\\+[12]`) });
    await freeAgain.waitFor();

    browser.allowConsoleError(/status of 404/, "an unknown cancel token and a turned-off link answer 404");
    await guest.goto(`${app.baseUrl}/schedule/cancel/not-a-real-token`);
    await guest.getByRole("heading", { level: 1, name: "Meeting not found" }).waitFor();

    // Off: the public page is not found; on again: it is back.
    const dialog = await openManager(page, app.baseUrl);
    const card = dialog.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Demo" }) });
    const active = card.getByRole("switch", { name: "Active" });
    await active.click();
    await eventually(() => active.isChecked()).toBe(false);
    await card.getByText(/^Inactive: the public page shows 'Scheduling link not found'/).waitFor();
    // One 'Active' per card: the switch's label (it once had a badge saying it too).
    expect(await card.getByText("Active", { exact: true }).count()).toBe(1);
    await guest.goto(link.publicUrl);
    await guest.getByRole("heading", { level: 1, name: "Scheduling link not found" }).waitFor();
    await toast(guest, "Scheduling link not found").waitFor();
    await active.click();
    await eventually(() => active.isChecked()).toBe(true);
    await card.getByText(/^Inactive:/).waitFor({ state: "detached" });
    await guest.reload();
    await guest.getByRole("heading", { level: 1, name: "Demo" }).waitFor();

    // The card shows the link's rules and organizer, and changes them (issue 27).
    await card.getByText("Up to 60 days ahead, at least 2 hours' notice").waitFor();
    await card.getByRole("button", { name: "Edit booking rules: Demo" }).click();
    const rules = card.getByRole("form", { name: "Booking rules: Demo" });
    await rules.getByLabel("Booking horizon (days)").fill("1");
    await rules.getByLabel("Minimum notice (hours)").fill("24");
    await rules.getByRole("button", { name: "Save" }).click();
    await rules.getByText("The minimum notice must be shorter than the booking horizon", { exact: true }).waitFor();
    await rules.getByLabel("Booking horizon (days)").fill("5");
    await rules.getByLabel("Organizer name").fill("Demo Desk");
    await rules.getByRole("button", { name: "Save" }).click();
    await toast(page, "Scheduling link updated").waitFor();
    await card.getByText("Up to 5 days ahead, at least 24 hours' notice").waitFor();
    await card.getByText(/^Demo Desk </).waitFor();
    const publicRules = (await (await api.get(`${app.baseUrl}/api/public/schedule/${link.linkCode}`)).json()) as {
      today: string;
      lastDate: string;
    };
    expect(Date.parse(`${publicRules.lastDate}T00:00:00Z`) - Date.parse(`${publicRules.today}T00:00:00Z`)).toBe(
      5 * 86_400_000,
    );

    // Delete asks first; Cancel keeps the link.
    await card.getByRole("button", { name: "Delete Demo" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete scheduling link?" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await confirm.waitFor({ state: "detached" });
    await card.waitFor();
    await card.getByRole("button", { name: "Delete Demo" }).click();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await toast(page, "Scheduling link deleted").waitFor();
    await dialog.getByText("No scheduling links yet").waitFor();
    await guest.reload();
    await guest.getByRole("heading", { level: 1, name: "Scheduling link not found" }).waitFor();
  });
});
