// Launch Campaign must answer, every time (issue 26 §1), in the browser:
// - live mode, a saved sender on 127.0.0.1 without SMTP_ALLOW_PRIVATE: the
//   sender's card and the campaign's page say it cannot send and why; Launch
//   is refused with the server's reason, and the wizard stays on Review &
//   Launch with its draft, also after a reload; nothing is stored;
// - the answer lost after the server stored and launched the campaign (a
//   reload mid-request, a dropped connection): the reopened wizard says the
//   campaign was launched and opens it, and nothing is launched twice.
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { campaigns, scheduledEmails, user } from "../../src/server/db/schema/index.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "../../src/server/sending/delivery/smtp-transport.ts";
import { type SmtpSink, startSmtpSink } from "../support/smtp-sink.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storeDraft, storedDraft } from "./support/stored-draft.ts";
import { newUser, signedInUser, signInThroughApi, signUpThroughApi, type TestUser } from "./support/users.ts";

/** Signs up in live mode: the confirmation goes over SMTP to the sink (there is no outbox). */
async function liveUser(page: Page, app: AppServer, sink: SmtpSink, prefix: string): Promise<TestUser> {
  const account = newUser(prefix);
  await signUpThroughApi(app.baseUrl, account);
  await eventually(() => sink.messagesTo(account.email).length).toBeGreaterThan(0);
  const text = sink.messagesTo(account.email)[0]?.parsed.text ?? "";
  const link = text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the message to ${account.email}`);
  const res = await fetch(link, { redirect: "manual" });
  expect(res.status).toBeLessThan(400);
  await signInThroughApi(page, app.baseUrl, account);
  return account;
}

async function userId(app: AppServer, email: string): Promise<string> {
  const [row] = await app.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/** Puts a complete draft on Review & Launch in IndexedDB, as the wizard stores it, and opens the wizard. */
async function seedReviewDraft(
  page: Page,
  baseUrl: string,
  owner: string,
  o: { name: string; sender: { email: string; savedSenderId: string | null } },
) {
  const record = {
    version: 1,
    stepIndex: 5,
    savedAt: new Date().toISOString(),
    draft: {
      name: o.name,
      description: "",
      senderAccounts: [{ localId: "s1", provider: "custom", dailyLimit: 10, ...o.sender }],
      contacts: [
        { email: "ana@prospect.test", first_name: "Ana" },
        { email: "ben@prospect.test", first_name: "Ben" },
      ],
      importedFields: ["email", "first_name"],
      fileName: "contacts.csv",
      emailColumn: "email",
      removedDuplicates: [],
      selectedColumns: ["email", "first_name"],
      sequence: [
        {
          id: "seed-1",
          subject: "Hello {{firstName}}",
          body: "Hi {{firstName}}",
          bodyFormat: "text",
          delay: 0,
          delayUnit: "days",
          scheduledDate: null,
          scheduledTime: null,
        },
      ],
    },
  };
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  await storeDraft(page, owner, record);
  await page.reload();
  await page.getByText("Step 6 of 6: Review & Launch").waitFor();
}

async function campaignsOf(app: AppServer, owner: string) {
  return app.database.db.select().from(campaigns).where(eq(campaigns.userId, owner));
}

describeJourneys("the launch answers, and the draft waits for it", () => {
  const browser = useBrowser();

  describe("live mode, a sender the address policy refuses", () => {
    let sink: SmtpSink;
    let app: AppServer;
    beforeAll(async () => {
      sink = await startSmtpSink();
      app = await startAppServer({
        MAIL_DELIVERY: "live",
        SYSTEM_SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        SMTP_ALLOW_PRIVATE: "off",
      });
    });
    afterAll(async () => {
      await app?.close();
      await sink?.close();
    });

    it("says why the sender cannot send, refuses the launch with the reason and keeps the draft", async () => {
      const { page } = browser;
      const account = await liveUser(page, app, sink, "refused");
      const owner = await userId(app, account.email);
      const saved = await page.context().request.post(`${app.baseUrl}/api/senders`, {
        headers: { origin: app.baseUrl },
        data: {
          email: "me@acme.test",
          provider: "custom",
          dailyLimit: 10,
          smtp: { host: "127.0.0.1", port: sink.port, security: "none", username: "u", password: "p" },
        },
      });
      expect(saved.status()).toBe(201);
      const senderId = ((await saved.json()) as { id: string }).id;
      const reason = `Its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION}`;

      // The sender's card.
      await page.goto(`${app.baseUrl}/senders`);
      const card = page.getByRole("listitem", { name: "me@acme.test" });
      await card.getByText("Cannot send", { exact: true }).waitFor();
      await card.getByText(reason).waitFor();
      expect(await card.getByText("Ready to send").count()).toBe(0);

      // Launch from the wizard: refused with the server's reason, 10 s.
      await seedReviewDraft(page, app.baseUrl, owner, {
        name: "Refused Launch",
        sender: { email: "me@acme.test", savedSenderId: senderId },
      });
      await page.getByText("Ready to Launch").waitFor();
      const before = await storedDraft(page);
      browser.allowConsoleError(/\/api\/campaigns\/launch.*status of 400/, "the launch is refused");
      await page.getByRole("button", { name: "Launch Campaign" }).click();
      const refusal = `Campaign Launch Failed: Sender account me@acme.test cannot send: its SMTP host 127.0.0.1 is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION.replace(/\.$/, "")}. Then launch again.`;
      await toast(page, refusal).waitFor();

      // Still on Review & Launch, the draft as it was, launchable again; nothing stored.
      await page.getByText("Step 6 of 6: Review & Launch").waitFor();
      await page.getByRole("button", { name: "Launch Campaign", disabled: false }).waitFor();
      // A seeded draft gets its launch key when first launched; it is kept for the next Launch.
      await eventually(() => storedDraft(page)).toEqual({
        ...before,
        launchKey: expect.any(String),
        launchSentAt: null,
      });
      const kept = await storedDraft(page);
      expect(await campaignsOf(app, owner)).toEqual([]);
      await page.reload();
      await page.getByText("Draft restored from this browser").waitFor();
      await page.getByText("Step 6 of 6: Review & Launch").waitFor();
      await page.getByText("Ready to Launch").waitFor();
      expect(await page.getByText("Refused Launch").count()).toBeGreaterThan(0);
      expect(await page.getByRole("button", { name: "Launch Campaign" }).isEnabled()).toBe(true);
      expect(await storedDraft(page)).toEqual(kept);
      expect(await campaignsOf(app, owner)).toEqual([]);

      // Stored as a draft through the API, the campaign's page says the same.
      const draft = await page.context().request.post(`${app.baseUrl}/api/campaigns`, {
        headers: { origin: app.baseUrl },
        data: {
          name: "Stored draft",
          senderAccounts: [{ email: "me@acme.test", provider: "custom", dailyLimit: 10, savedSenderId: senderId }],
          contacts: [{ email: "ana@prospect.test", customFields: {} }],
          sequence: [
            {
              subject: "Hi",
              body: "Hello",
              bodyFormat: "text",
              delayAmount: 0,
              delayUnit: "days",
              scheduledDate: null,
              scheduledTime: null,
            },
          ],
        },
      });
      expect(draft.status()).toBe(201);
      const campaignId = ((await draft.json()) as { campaign: { id: string } }).campaign.id;
      await page.goto(`${app.baseUrl}/campaigns/edit/${campaignId}`);
      const notice = page.getByRole("region", { name: "A sender cannot send" });
      await notice.getByText(`me@acme.test cannot send. ${reason}`).waitFor();
    });
  });

  describe("an answer that never reaches the browser", () => {
    let app: AppServer;
    beforeAll(async () => {
      app = await startAppServer();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("reloaded mid-request, the wizard says the campaign was launched and opens it; nothing is launched twice", async () => {
      const { page } = browser;
      const account = await signedInUser(page, app.baseUrl, "reload-mid-launch");
      const owner = await userId(app, account.email);
      await seedReviewDraft(page, app.baseUrl, owner, {
        name: "Answer Lost",
        sender: { email: "hello@acme.test", savedSenderId: null },
      });
      await page.getByText("Ready to Launch").waitFor();

      // The request reaches the server, which stores and launches; its answer is held from the page.
      let handled!: () => void;
      const serverAnswered = new Promise<void>((resolve) => {
        handled = resolve;
      });
      await page.route("**/api/campaigns/launch", async (route) => {
        await route.fetch();
        handled();
        // Never answered: the page reloads while it waits.
      });
      await page.getByRole("button", { name: "Launch Campaign" }).click();
      await serverAnswered;
      await page.getByRole("button", { name: "Launching...", disabled: true }).waitFor();
      // Marked before the request went: the reload finds the mark.
      const marked = await storedDraft(page);
      expect(marked).toMatchObject({ name: "Answer Lost", launchSentAt: expect.any(String) });
      const [stored] = await campaignsOf(app, owner);
      expect(stored).toMatchObject({ name: "Answer Lost", status: "active", launchKey: marked?.launchKey });

      // The held request is left unanswered (unrouting would let it through): the reload cancels it.
      await page.reload();
      const notice = page.getByRole("region", {
        name: "This campaign was launched (the answer did not reach this browser).",
      });
      await notice.waitFor();
      expect(await page.getByRole("button", { name: "Launch Campaign" }).count()).toBe(0);
      await notice.getByRole("button", { name: "Open campaign" }).click();
      await page.waitForURL(`${app.baseUrl}/campaigns/edit/${stored!.id}`);
      await page.getByRole("heading", { level: 1, name: "Edit Campaign" }).waitFor();
      await page.getByText("Answer Lost").first().waitFor();

      // One campaign, queued once; the draft is gone, the wizard starts afresh.
      expect(await campaignsOf(app, owner)).toHaveLength(1);
      const queue = await app.database.db
        .select()
        .from(scheduledEmails)
        .where(eq(scheduledEmails.campaignId, stored!.id));
      expect(queue).toHaveLength(2);
      await eventually(() => storedDraft(page)).toBeNull();
      await page.goto(`${app.baseUrl}/campaigns/create`);
      await page.getByText("Step 1 of 6: Campaign Details").waitFor();
      expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("");
    });

    it("a request that never reached the server: the draft stays, launchable again with the same key", async () => {
      const { page } = browser;
      const account = await signedInUser(page, app.baseUrl, "never-reached");
      const owner = await userId(app, account.email);
      await seedReviewDraft(page, app.baseUrl, owner, {
        name: "Never Reached",
        sender: { email: "hello@acme.test", savedSenderId: null },
      });
      await page.getByText("Ready to Launch").waitFor();
      await page.route("**/api/campaigns/launch", (route) => route.abort("internetdisconnected"));
      browser.allowConsoleError(
        /\/api\/campaigns\/launch.*ERR_INTERNET_DISCONNECTED/,
        "the connection is cut on purpose",
      );
      browser.allowConsoleError(/\/api\/campaigns\/launched\/.*status of 404/, "nothing was launched with the key");
      await page.getByRole("button", { name: "Launch Campaign" }).click();
      await toast(
        page,
        "Campaign Launch Failed: The server did not answer. Check your connection and launch again.",
      ).waitFor();
      await page.getByText("Step 6 of 6: Review & Launch").waitFor();
      await eventually(async () => (await storedDraft(page))?.launchSentAt).toBeNull();
      const key = (await storedDraft(page))?.launchKey;
      expect(key).toEqual(expect.any(String));
      expect(await campaignsOf(app, owner)).toEqual([]);

      // The connection is back: Launch again, under the same key.
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await page.getByRole("button", { name: "Launch Campaign" }).click();
      await toast(page, "Campaign launched successfully! Sent 2 emails.").waitFor();
      await page.waitForURL(`${app.baseUrl}/campaigns-overview`);
      const stored = await campaignsOf(app, owner);
      expect(stored.map((c) => [c.name, c.launchKey])).toEqual([["Never Reached", key]]);
    });

    it("a dropped answer: the same page asks the server and offers the campaign instead of a second launch", async () => {
      const { page } = browser;
      const account = await signedInUser(page, app.baseUrl, "dropped-answer");
      const owner = await userId(app, account.email);
      await seedReviewDraft(page, app.baseUrl, owner, {
        name: "Dropped Answer",
        sender: { email: "hello@acme.test", savedSenderId: null },
      });
      await page.getByText("Ready to Launch").waitFor();
      await page.route("**/api/campaigns/launch", async (route) => {
        await route.fetch();
        await route.abort("connectionreset");
      });
      browser.allowConsoleError(/\/api\/campaigns\/launch.*ERR_CONNECTION_RESET/, "the answer is dropped on purpose");
      await page.getByRole("button", { name: "Launch Campaign" }).click();
      const notice = page.getByRole("region", {
        name: "This campaign was launched (the answer did not reach this browser).",
      });
      await notice.waitFor();
      await page.unrouteAll({ behavior: "ignoreErrors" });
      const stored = await campaignsOf(app, owner);
      expect(stored.map((c) => c.name)).toEqual(["Dropped Answer"]);

      // Start a new campaign: the draft is discarded, the campaign stays.
      await notice.getByRole("button", { name: "Start a new campaign" }).click();
      await page.getByText("Step 1 of 6: Campaign Details").waitFor();
      await eventually(async () => (await storedDraft(page))?.launchSentAt ?? null).toBeNull();
      expect(await campaignsOf(app, owner)).toHaveLength(1);
    });
  });
});
