// Personal booking links (issue 27 §2, decision 018): a prospect opens the
// {{bookingLink}} of the campaign mail captured for them, books, and the
// owner's calendar shows the meeting linked to that contact (their step 2
// stopped). A booking through the bare link shows 'Not linked to a contact'
// and stops nothing until the owner links it by hand. The campaign's
// 'Scheduling link' is chosen on its edit page, or on the wizard's Review step,
// which lists a step using {{bookingLink}} without one as an issue.
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { campaigns, contacts, scheduledEmails, userSettings } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { SchedulingLinkDto } from "../../src/shared/scheduling/scheduling.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { step } from "../support/sending-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { pickFirstDateWithTimes } from "./support/booking-page.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storeDraft } from "./support/stored-draft.ts";
import { latestMessageTo, signedInUser, signInThroughApi, type TestUser } from "./support/users.ts";

const everyDay = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;

/** A row of Event Details by its label. */
function detailRow(dialog: Locator, label: string): Locator {
  return dialog
    .locator("dl > div")
    .filter({ has: dialog.page().getByText(label, { exact: true }) })
    .locator("dd");
}

/** Opens the Event Details of the meeting titled `title` on `dateName` ("Monday, December 7, 2026"). */
async function openMeeting(page: Page, baseUrl: string, dateName: string, title: string): Promise<Locator> {
  await page.goto(`${baseUrl}/calendar`);
  const heading = page.getByRole("main").getByRole("heading", { level: 2 });
  const month = dateName.replace(/^\w+, (\w+) \d+, (\d{4})$/, "$1 $2");
  await heading.waitFor();
  if ((await heading.textContent()) !== month) await page.getByRole("button", { name: "Next month" }).click();
  await eventually(() => heading.textContent()).toBe(month);
  await page.getByRole("button", { name: new RegExp(`^${dateName}: `) }).click();
  await page
    .getByRole("dialog", { name: dateName })
    .getByRole("button", { name: new RegExp(title) })
    .click();
  const details = page.getByRole("dialog", { name: "Event Details" });
  await details.waitFor();
  return details;
}

describeJourneys("personal booking links", () => {
  const browser = useBrowser({ timezoneId: "UTC" });
  let app: AppServer;
  let campaignId: string;
  let link: SchedulingLinkDto;
  let account: TestUser;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The contact's queue rows still to send, or cancelled (step 1 went at launch). */
  const stepTwo = async (email: string) => {
    const db = app.database.db;
    const [contact] = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.campaignId, campaignId), eq(contacts.email, email)));
    const queue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
    return queue.find((q) => q.status !== "sent")?.status;
  };

  it("the campaign's scheduling link is chosen on its edit page, and its mail carries each contact's own link", async () => {
    const { page } = browser;
    account = await signedInUser(page, app.baseUrl, "personal-link");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    // Any hour of any day, in UTC like the browser, so the launch sends now and dates read the same everywhere.
    const window = { timezone: "UTC", sendTimeStart: "00:00", sendTimeEnd: "23:59", sendingDays: [...everyDay] };
    await db
      .insert(userSettings)
      .values({ userId: owner!.id, ...window })
      .onConflictDoUpdate({ target: userSettings.userId, set: window });
    const created = await page.request.post(`${app.baseUrl}/api/scheduling-links`, {
      data: {
        title: "Demo call",
        description: "",
        durationMinutes: 30,
        availableDays: [...everyDay],
        availableTimeStart: "00:00",
        availableTimeEnd: "23:45",
        timezone: "UTC",
      },
    });
    expect(created.status()).toBe(201);
    link = (await created.json()) as SchedulingLinkDto;
    const input: CreateCampaignInput = {
      name: "Personal links",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: ["ana", "ben"].map((first) => ({
        email: `${first}@prospect.test`,
        firstName: first,
        lastName: "Prospect",
        company: null,
        customFields: {},
      })),
      sequence: [
        step("Hello {{firstName}}", "Pick a time: {{bookingLink}}", { amount: 0 }),
        step("Following up", "Any news?", { amount: 2 }),
      ],
    };
    const res = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: input });
    expect(res.status()).toBe(201);
    campaignId = ((await res.json()) as CampaignDetail).campaign.id;

    // Without a link the launch is refused, naming the step.
    const refused = await page.request.post(`${app.baseUrl}/api/campaigns/${campaignId}/launch`);
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "Step 1 uses {{bookingLink}} but the campaign has no scheduling link",
    );

    // The edit page: 'Scheduling link', None by default, set to the link and saved.
    await page.goto(`${app.baseUrl}/campaigns/edit/${campaignId}`);
    const choice = page.getByRole("combobox", { name: "Scheduling link" });
    await eventually(() => choice.textContent()).toBe("None");
    await choice.click();
    await page.getByRole("option", { name: "Demo call (30 min)" }).click();
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Campaign updated successfully").waitFor();
    await page.reload();
    await eventually(() => page.getByRole("combobox", { name: "Scheduling link" }).textContent()).toBe(
      "Demo call (30 min)",
    );
    // The tag is in the editor's menu.
    await page.getByRole("tab", { name: /^Email Sequence/ }).click();
    await page.getByRole("button", { name: "Insert merge tag" }).first().click();
    await page.getByRole("menuitem", { name: "{{bookingLink}}" }).waitFor();
    await page.keyboard.press("Escape");

    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${campaignId}/launch`);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(2);
    const ana = (await latestMessageTo(app.baseUrl, "ana@prospect.test")).text ?? "";
    const ben = (await latestMessageTo(app.baseUrl, "ben@prospect.test")).text ?? "";
    const own = (text: string) => /https?:\/\/\S+\/schedule\/\S+/.exec(text)?.[0];
    expect(own(ana)).toMatch(new RegExp(`/schedule/${link.linkCode}\\?t=`));
    expect(own(ben)).toMatch(new RegExp(`/schedule/${link.linkCode}\\?t=`));
    expect(own(ana)).not.toBe(own(ben));
  });

  it("the wizard's Review lists a step using {{bookingLink}} without a scheduling link, and launches once one is chosen", async () => {
    const { page } = browser;
    await signInThroughApi(page, app.baseUrl, account);
    const [owner] = await app.database.db.select().from(users).where(eq(users.email, account.email));
    const sequenceStep = (id: string, body: string, delay: number) => ({
      id,
      subject: "Hello {{firstName}}",
      body,
      bodyFormat: "text",
      delay,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    });
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
    await storeDraft(page, owner!.id, {
      version: 1,
      stepIndex: 5,
      savedAt: new Date().toISOString(),
      draft: {
        name: "Wizard with a booking link",
        description: "",
        senderAccounts: [
          { localId: "s1", email: "hello@acme.test", provider: "custom", dailyLimit: 10, savedSenderId: null },
        ],
        contacts: [{ email: "cleo@prospect.test", first_name: "Cleo" }],
        importedFields: ["email", "first_name"],
        fileName: "contacts.csv",
        emailColumn: "email",
        removedDuplicates: [],
        selectedColumns: ["email", "first_name"],
        sequence: [sequenceStep("w1", "Hi", 0), sequenceStep("w2", "Book here: {{bookingLink}}", 2)],
        launchKey: crypto.randomUUID(),
        launchSentAt: null,
      },
    });
    await page.reload();
    await page.getByText("Step 6 of 6: Review & Launch").waitFor();
    const issues = page.getByRole("status").filter({ hasText: "Issues Found" });
    await issues.getByText("Step 2 uses {{bookingLink}} but the campaign has no scheduling link").waitFor();
    expect(await page.getByRole("button", { name: "Launch Campaign" }).isDisabled()).toBe(true);

    await page.getByRole("combobox", { name: "Scheduling link" }).click();
    await page.getByRole("option", { name: "Demo call (30 min)" }).click();
    await page.getByText("Ready to Launch").waitFor();
    // Kept in the draft: a reload still has it.
    await page.reload();
    await page.getByText("Ready to Launch").waitFor();
    await page.getByRole("button", { name: "Launch Campaign", disabled: false }).click();
    await eventually(() =>
      latestMessageTo(app.baseUrl, "cleo@prospect.test").then(
        (m) => m.subject,
        () => null,
      ),
    ).toBe("Hello Cleo");
    const [stored] = await app.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.name, "Wizard with a booking link"));
    expect(stored?.bookingLinkId).toBe(link.id);
  });

  it("a prospect books through the link in their mail: the calendar shows the meeting linked to them, their follow-up stops", async () => {
    const { page } = browser;
    const mail = await latestMessageTo(app.baseUrl, "ana@prospect.test");
    const personal = /https?:\/\/\S+\/schedule\/\S+/.exec(mail.text ?? "")![0];

    const visitor = await browser.newContext({ timezoneId: "UTC" });
    const guest = await visitor.newPage();
    await guest.goto(personal);
    await guest.getByRole("heading", { level: 1, name: "Demo call" }).waitFor();
    const dateName = await pickFirstDateWithTimes(guest);
    // The token stays in the address beside the chosen date.
    expect(new URL(guest.url()).searchParams.get("t")).toBe(new URL(personal).searchParams.get("t"));
    await guest.getByRole("group", { name: "Choose a time" }).getByRole("button").first().click();
    // The prospect may book with another address: the link says who it is.
    await guest.getByLabel("Email").fill("ana.work@prospect.test");
    await guest.getByRole("button", { name: "Schedule Meeting" }).click();
    await guest.getByRole("heading", { level: 1, name: "Meeting Scheduled!" }).waitFor();
    await eventually(() => stepTwo("ana@prospect.test")).toBe("cancelled");
    expect(await stepTwo("ben@prospect.test")).toBe("scheduled");

    await signInThroughApi(page, app.baseUrl, account);
    const details = await openMeeting(page, app.baseUrl, dateName, "Demo call.*ana\\.work@");
    expect(await detailRow(details, "Contact").textContent()).toBe("ana.work@prospect.test");
    expect(await detailRow(details, "Linked contact").textContent()).toBe("ana Prospect (ana@prospect.test)");
    expect(await details.getByRole("button", { name: "Link to contact" }).count()).toBe(0);
    await visitor.close();
  });

  it("a booking through the bare link is not linked and stops nothing, until the owner links it", async () => {
    const { page } = browser;
    const visitor = await browser.newContext({ timezoneId: "UTC" });
    const guest = await visitor.newPage();
    await guest.goto(link.publicUrl);
    await guest.getByRole("heading", { level: 1, name: "Demo call" }).waitFor();
    const dateName = await pickFirstDateWithTimes(guest);
    await guest.getByRole("group", { name: "Choose a time" }).getByRole("button").first().click();
    await guest.getByLabel("Name (optional)").fill("Ben");
    await guest.getByLabel("Email").fill("ben@prospect.test");
    await guest.getByRole("button", { name: "Schedule Meeting" }).click();
    await guest.getByRole("heading", { level: 1, name: "Meeting Scheduled!" }).waitFor();
    await visitor.close();
    expect(await stepTwo("ben@prospect.test")).toBe("scheduled");

    await signInThroughApi(page, app.baseUrl, account);
    const details = await openMeeting(page, app.baseUrl, dateName, "Demo call.*ben@prospect\\.test");
    expect(await detailRow(details, "Contact").textContent()).toBe("Ben (ben@prospect.test)");
    const linked = detailRow(details, "Linked contact");
    await linked.getByText("Not linked to a contact", { exact: true }).waitFor();
    await linked.getByRole("button", { name: "Link to contact" }).click();
    const list = linked.getByRole("list", { name: "Contacts" });
    // The booker's address first; the search narrows the list.
    await eventually(() => list.getByRole("button").first().textContent()).toMatch(
      /^ben Prospect \(ben@prospect\.test\)/,
    );
    await list.getByRole("button").first().getByText("Booker's address").waitFor();
    await linked.getByLabel("Search contacts").fill("ana");
    await eventually(() => list.getByRole("button").count()).toBe(1);
    await linked.getByLabel("Search contacts").fill("ben@");
    await eventually(() => list.getByRole("button").count()).toBe(1);
    await list.getByRole("button", { name: /ben@prospect\.test/ }).click();
    await toast(page, "Meeting linked to ben@prospect.test").waitFor();
    await eventually(() => linked.textContent()).toBe("ben Prospect (ben@prospect.test)");
    await eventually(() => stepTwo("ben@prospect.test")).toBe("cancelled");
  });
});
