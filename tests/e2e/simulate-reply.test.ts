// Capture mode, for trying reply tracking without a real mailbox: launch a
// 2-step campaign, open a captured step-1 message in the outbox, 'Simulate
// reply', then Refresh on the Reply Tracker: the running mailbox sync reads the
// reply from the capture server, the contact moves to Replied Contacts, and
// its step 2 is cancelled while the other contact's still waits.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import { contacts, scheduledEmails, userSettings } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import type { LaunchResult } from "../../src/shared/sending/launch.schemas.ts";
import { step } from "../support/sending-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

describeJourneys("simulate reply", () => {
  const browser = useBrowser();
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("from launch to a stopped sequence: Simulate reply in the outbox, Refresh on the Reply Tracker", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "simulate-journey");
    const db = app.database.db;
    const [owner] = await db.select().from(users).where(eq(users.email, account.email));
    // Any hour of any day, so that the launch sends now.
    await db
      .insert(userSettings)
      .values({
        userId: owner!.id,
        timezone: "UTC",
        sendTimeStart: "00:00",
        sendTimeEnd: "23:59",
        sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
      })
      .onConflictDoUpdate({
        target: userSettings.userId,
        set: {
          timezone: "UTC",
          sendTimeStart: "00:00",
          sendTimeEnd: "23:59",
          sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
        },
      });
    const input: CreateCampaignInput = {
      name: "Simulated replies",
      description: null,
      emailColumn: "email",
      senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 50 }],
      contacts: ["ana", "ben"].map((first) => ({
        email: `${first}@prospect.test`,
        firstName: first,
        lastName: null,
        company: "Prospect",
        customFields: {},
      })),
      sequence: [
        step("Hello {{firstName}}", "Hi {{firstName}}", { amount: 0 }),
        step("Following up", "Any thoughts?", { amount: 2 }),
      ],
    };
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: input });
    expect(created.status()).toBe(201);
    const { id } = ((await created.json()) as CampaignDetail).campaign;
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(((await launched.json()) as LaunchResult).emailsSent).toBe(2);

    await page.goto(`${app.baseUrl}/outbox`);
    await page
      .getByRole("list", { name: "Captured messages" })
      .getByRole("link")
      .filter({ hasText: "Hello ana" })
      .click();
    await page.getByRole("button", { name: "Simulate reply" }).click();
    await page
      .getByRole("status")
      .getByText("Reply sent to the capture server; it will be picked up by the next mailbox sync.")
      .waitFor();

    await page.goto(`${app.baseUrl}/replies`);
    await page.getByRole("button", { name: "Refresh" }).click();
    await toast(page, "Mailboxes synced").waitFor();
    const replied = page.getByRole("list", { name: "Replied Contacts" });
    await replied.getByText("ana@prospect.test").waitFor();
    await page.getByRole("list", { name: "Awaiting Replies" }).getByText("ben@prospect.test").waitFor();

    const stepTwo = async (email: string) => {
      const [contact] = await db
        .select()
        .from(contacts)
        .where(and(eq(contacts.campaignId, id), eq(contacts.email, email)));
      const queue = await db.select().from(scheduledEmails).where(eq(scheduledEmails.contactId, contact!.id));
      return queue.find((q) => q.status !== "sent")?.status;
    };
    await eventually(() => stepTwo("ana@prospect.test")).toBe("cancelled");
    expect(await stepTwo("ben@prospect.test")).toBe("scheduled");

    // A message whose campaign was deleted meanwhile can no longer be answered: the page says why.
    browser.allowConsoleError(/simulate-reply: Failed to load resource: .* 404/, "the refusal this step expects");
    await page.goto(`${app.baseUrl}/outbox`);
    await page
      .getByRole("list", { name: "Captured messages" })
      .getByRole("link")
      .filter({ hasText: "Hello ben" })
      .click();
    const simulate = page.getByRole("button", { name: "Simulate reply" });
    await simulate.waitFor();
    expect((await page.request.delete(`${app.baseUrl}/api/campaigns/${id}`)).status()).toBe(204);
    await simulate.click();
    await page.getByRole("alert").getByText("Only a message one of your campaigns sent can be answered").waitFor();
  });
});
