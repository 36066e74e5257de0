// The mailbox screens (issue 12) with the spec's labels and messages: Reply
// Tracker (figures, search, 'Mark as Replied' from a row and from Manual Reply
// Tracking, its validation, 'All contacts have replied!'); Failed emails (Add
// Sample Emails, the count badge, the full message, Delete, Clear All Spam,
// Restore, Recent Failures); Email Classification (counts, the rule on hover,
// re-labelling, Unsubscribe request); Reply on a received reply in the Inbox
// (Compose in the same thread, quoted); the mail-sync card and the sender's
// panel reading mailbox_syncs and the messages the sync skipped. Data the
// mailbox sync would write is written to the app's database directly.
import { and, eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { user as users } from "../../src/server/db/schema/auth.ts";
import {
  campaigns,
  capturedEmails,
  contacts,
  emailSends,
  mailboxMessages,
  mailboxSyncs,
  replies,
  senderAccounts,
  spamEmails,
  suppressions,
} from "../../src/server/db/schema/index.ts";
import type { FailureCategory, FailureReason } from "../../src/shared/db-enums.ts";
import { buildSendErrorMessage } from "../../src/shared/sending/send-error-message.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { createVerifiedUser, signedInUser } from "./support/users.ts";

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** The value shown under a figure's label. */
function figure(scope: Page | Locator, label: string) {
  return scope.getByRole("group", { name: label, exact: true }).locator("p").nth(1);
}
const text = async (l: Locator) => (await l.textContent())?.trim();

describeJourneys("mailbox screens", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  async function userId(email: string): Promise<string> {
    const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  }

  /** A campaign with contacts as launch leaves them (replied ones with their reply). */
  async function seedCampaign(
    owner: string,
    name: string,
    people: { email: string; first?: string; replied?: number }[],
  ) {
    const db = app.database.db;
    const [campaign] = await db.insert(campaigns).values({ userId: owner, name, status: "active" }).returning();
    const rows = await db
      .insert(contacts)
      .values(
        people.map((p, i) => ({
          userId: owner,
          campaignId: campaign!.id,
          email: p.email,
          firstName: p.first ?? null,
          lastName: p.first ? "Doe" : null,
          repliedAt: p.replied === undefined ? null : minutesAgo(p.replied),
          createdAt: minutesAgo(100 + i),
        })),
      )
      .returning();
    for (const row of rows.filter((r) => r.repliedAt)) {
      await db.insert(replies).values({
        userId: owner,
        campaignId: campaign!.id,
        contactId: row.id,
        contactEmail: row.email,
        senderEmail: "me@acme.test",
        subject: "Re: Hello",
        replyContent: "Sounds interesting, tell me more.",
        repliedAt: row.repliedAt!,
        replyClass: "interested",
        classRule: "phrase: tell me more",
      });
    }
    return campaign!.id;
  }

  it("Reply Tracker: figures, search, Mark as Replied from a row and by hand, and 'All contacts have replied!'", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "tracker");
    const owner = await userId(user.email);
    const campaignId = await seedCampaign(owner, "Spring Outreach", [
      { email: "rita@prospect.test", first: "Rita", replied: 5 },
      { email: "lee@prospect.test", first: "Lee" },
      { email: "kim@prospect.test", first: "Kim" },
      { email: "sam@prospect.test" },
    ]);

    await page.getByRole("link", { name: "Reply Tracker" }).click();
    await page.getByRole("heading", { level: 1, name: "Reply Tracker" }).waitFor();
    await eventually(() => text(figure(page, "Total Contacts"))).toBe("4");
    expect(await text(figure(page, "Replied"))).toBe("1");
    await page.getByText("25% reply rate").waitFor();
    expect(await text(figure(page, "No Reply"))).toBe("3");

    const replied = page.getByRole("region", { name: "Replied Contacts" });
    const awaiting = page.getByRole("region", { name: "Awaiting Replies" });
    await replied.getByRole("listitem", { name: "Rita Doe" }).getByText("Sounds interesting, tell me more.").waitFor();
    await awaiting.getByRole("listitem", { name: "Lee Doe" }).waitFor();
    expect(await awaiting.getByRole("listitem").count()).toBe(3);

    // Search by name, then by address.
    const search = page.getByRole("searchbox", { name: "Search contacts by email or name" });
    await search.fill("kim");
    await eventually(() => awaiting.getByRole("listitem").count()).toBe(1);
    await awaiting.getByRole("listitem", { name: "Kim Doe" }).waitFor();
    await replied.getByText("No contacts found").waitFor();
    await search.fill("SAM@prospect");
    await awaiting.getByRole("listitem", { name: "sam@prospect.test" }).waitFor();
    await search.fill("");
    await eventually(() => awaiting.getByRole("listitem").count()).toBe(3);

    // A row's Mark as Replied.
    await awaiting.getByRole("listitem", { name: "Lee Doe" }).getByRole("button", { name: "Mark as Replied" }).click();
    await toast(page, "Contact lee@prospect.test marked as replied").waitFor();
    await replied.getByRole("listitem", { name: "Lee Doe" }).waitFor();
    await eventually(() => text(figure(page, "Replied"))).toBe("2");
    await page.getByText("50% reply rate").waitFor();

    // Manual Reply Tracking: both fields are needed.
    const manual = page.getByRole("region", { name: "Manual Reply Tracking" });
    await manual.getByRole("button", { name: "Mark as Replied" }).click();
    await toast(page, "Missing Information").getByText("Please enter both email and campaign ID").waitFor();
    await manual.getByRole("alert").getByText("Missing Information: Please enter both email and campaign ID").waitFor();

    // A contact that is not in the campaign.
    browser.allowConsoleError(
      /mark-replied: Failed to load resource: .* 404/,
      "the server refuses a contact not in the campaign",
    );
    await manual.getByLabel("Contact email").fill("nobody@prospect.test");
    await manual.getByLabel("Campaign ID").fill(campaignId);
    await manual.getByRole("button", { name: "Mark as Replied" }).click();
    await toast(page, "Error")
      .getByText("Failed to mark contact as replied: No contact nobody@prospect.test in this campaign")
      .waitFor();

    // By hand, with a note.
    await manual.getByLabel("Contact email").fill("kim@prospect.test");
    await manual.getByLabel("Note (optional)").fill("Replied on LinkedIn");
    await manual.getByRole("button", { name: "Mark as Replied" }).click();
    await toast(page, "Contact kim@prospect.test marked as replied").waitFor();
    await replied.getByRole("listitem", { name: "Kim Doe" }).getByText("Replied on LinkedIn").waitFor();

    await awaiting.getByRole("listitem", { name: "sam@prospect.test" }).getByRole("button").click();
    await awaiting.getByText("All contacts have replied!").waitFor();
    expect(await text(figure(page, "No Reply"))).toBe("0");
    const [sam] = await app.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.email, "sam@prospect.test"), eq(contacts.userId, owner)));
    expect(sam?.repliedAt).not.toBeNull();
  });

  it("Reply Tracker: Test Reply Tracking and Refresh say what the mailbox sync answered", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "tracker-test");
    const campaignId = await seedCampaign(await userId(user.email), "Test run", [{ email: "lee@prospect.test" }]);
    // The mailbox sync's answers (its routes are the sync's own, tested with it).
    await page.route("**/api/mailbox/test-reply", (route) =>
      route.fulfill({ json: { pickedUp: true, message: "The test reply was picked up: lee@prospect.test replied." } }),
    );
    let syncCalls = 0;
    await page.route("**/api/mailbox/sync", (route) => {
      syncCalls++;
      return route.fulfill({ json: { message: "2 mailboxes synced, 1 new reply" } });
    });
    await page.goto(`${app.baseUrl}/replies`);
    const manual = page.getByRole("region", { name: "Manual Reply Tracking" });
    await manual.getByRole("button", { name: "Test Reply Tracking" }).click();
    await toast(page, "Missing Information").waitFor();
    await manual.getByLabel("Contact email").fill("lee@prospect.test");
    await manual.getByLabel("Campaign ID").fill(campaignId);
    await manual.getByRole("button", { name: "Test Reply Tracking" }).click();
    await manual.getByRole("status").getByText("The test reply was picked up: lee@prospect.test replied.").waitFor();
    await toast(page, "Test Complete").waitFor();

    await page.unroute("**/api/mailbox/test-reply");
    await page.route("**/api/mailbox/test-reply", (route) =>
      route.fulfill({ status: 200, json: { pickedUp: false, message: "No reply arrived within 30 seconds" } }),
    );
    await manual.getByRole("button", { name: "Test Reply Tracking" }).click();
    await manual.getByRole("alert").getByText("Test failed: No reply arrived within 30 seconds").waitFor();
    await toast(page, "Test Failed").waitFor();

    await page.getByRole("button", { name: "Refresh" }).click();
    await toast(page, "Mailboxes synced").getByText("2 mailboxes synced, 1 new reply").waitFor();
    expect(syncCalls).toBe(1);
  });

  it("Failed emails: Add Sample Emails, the count badge, the full message, Delete and Clear All Spam (the user's own)", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "spam");
    // Another user's spam is never listed nor cleared.
    const other = await createVerifiedUser(app.baseUrl, "spam-other");
    await app.database.db.insert(spamEmails).values({
      userId: await userId(other.email),
      subject: "Someone else's junk",
      senderEmail: "junk@else.test",
      content: "not yours",
    });

    await page.getByRole("link", { name: "Failed emails" }).click();
    await page.getByRole("heading", { level: 1, name: "Failed emails" }).waitFor();
    const spam = page.getByRole("region", { name: "Spam" });
    await spam.getByText("No spam emails").waitFor();
    const count = spam.getByTestId("spam-count");
    expect(await text(count)).toBe("0 emails");

    await spam.getByRole("button", { name: "Add Sample Emails" }).click();
    await toast(page, "Sample spam emails added").waitFor();
    await eventually(() => text(count)).toBe("5 emails");
    const list = spam.getByRole("list", { name: "Spam emails" });
    expect(await list.locator(":scope > li h3").allTextContents()).toEqual([
      "Congratulations! You have been selected for a $1,000 gift card",
      "URGENT: Your account will be suspended",
      "Boost your website traffic by 500% overnight",
      "Business proposal: confidential",
      "Cheap meds, no prescription needed",
    ]);
    expect(await spam.getByText("Someone else's junk").count()).toBe(0);

    // The preview is cut at 200 characters; the whole message is there on demand.
    const prize = list.getByRole("listitem", {
      name: "Congratulations! You have been selected for a $1,000 gift card",
    });
    const preview = prize.getByText(/^Dear valued customer, You have been randomly selected/);
    expect((await text(preview))?.endsWith("…")).toBe(true);
    expect((await text(preview))?.length).toBeLessThanOrEqual(201);
    await prize.getByRole("button", { name: "Show full message" }).click();
    await prize.getByText(/Click here to claim your prize\./).waitFor();

    await list
      .getByRole("listitem", { name: "Cheap meds, no prescription needed" })
      .getByRole("button", { name: "Delete" })
      .click();
    await toast(page, "Spam email deleted permanently").waitFor();
    await eventually(() => text(count)).toBe("4 emails");
    await list.getByRole("listitem", { name: "Cheap meds, no prescription needed" }).waitFor({ state: "detached" });

    await spam.getByRole("button", { name: "Clear All Spam" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Clear all spam?" });
    await dialog.getByText("This permanently deletes all 4 of your spam emails.", { exact: false }).waitFor();
    await dialog.getByRole("button", { name: "Clear All Spam" }).click();
    await toast(page, "All spam emails cleared").waitFor();
    await spam.getByText("No spam emails").waitFor();
    expect(await text(count)).toBe("0 emails");
    const left = await app.database.db.select().from(spamEmails);
    expect(left.map((s) => s.subject)).toEqual(["Someone else's junk"]);
  });

  it("Failed emails: Restore moves a spam email back to the inbox", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "restore");
    await page.goto(`${app.baseUrl}/spam`);
    const spam = page.getByRole("region", { name: "Spam" });
    await spam.getByRole("button", { name: "Add Sample Emails" }).click();
    await toast(page, "Sample spam emails added").waitFor();
    const item = spam.getByRole("listitem", { name: "Business proposal: confidential" });
    await item.getByRole("button", { name: "Restore" }).click();
    await toast(page, "Email restored to inbox").waitFor();
    await item.waitFor({ state: "detached" });
    await eventually(() => text(spam.getByTestId("spam-count"))).toBe("4 emails");
    // It is back where the app shows received mail: not from a contact, so in the Inbox's Received list (issue 28).
    await page.getByRole("link", { name: "Inbox" }).click();
    const received = page.getByRole("region", { name: "Received" });
    await received
      .getByRole("list", { name: "Received messages" })
      .getByRole("heading", { name: "Business proposal: confidential" })
      .waitFor();
  });

  it("Inbox: the Received list says so when it is empty", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "received-empty");
    await page.goto(`${app.baseUrl}/inbox`);
    await page
      .getByRole("region", { name: "Received" })
      .getByText("No received messages. A message you restore from Junk appears here, or under its contact's Replies.")
      .waitFor();
  });

  it("Failed emails: Recent Failures shows the category, the reason and the technical error", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "failures");
    const owner = await userId(user.email);
    const failure = (to: string, reply: string, category: FailureCategory, reason: FailureReason | null) => ({
      userId: owner,
      toEmail: to,
      fromEmail: "me@acme.test",
      subject: "Hello",
      body: "Hi",
      status: "failed" as const,
      failureCategory: category,
      failureReason: reason,
      errorMessage: buildSendErrorMessage({
        error: reply,
        recipient: to,
        sender: "me@acme.test",
        subject: "Hello",
        timestamp: new Date(),
        category,
        reason: reason ?? undefined,
      }),
    });
    await app.database.db.insert(emailSends).values([
      // Recorded before reasons existed: the category's meaning.
      {
        ...failure(
          "lee@prospect.test",
          "550 5.1.1 <lee@prospect.test>: Recipient address rejected: User unknown",
          "invalid_address",
          null,
        ),
        bounceType: "hard" as const,
        createdAt: new Date(Date.now() - 60_000),
      },
      // As the send-time classifier records a receiver's SPF refusal.
      failure("kim@prospect.test", "550 5.7.23 SPF validation failed", "authentication", "auth_spf"),
    ]);
    await page.goto(`${app.baseUrl}/spam`);
    const failures = page.getByRole("region", { name: "Recent Failures" });
    const lee = failures.getByRole("listitem", { name: "lee@prospect.test" });
    await lee.getByText("Invalid Address", { exact: true }).first().waitFor();
    await lee.getByText("Wrong email format (hard bounce: the address was suppressed)").waitFor();
    const details = lee.getByRole("region", { name: "Error Details" });
    await details.getByText("550 5.1.1 <lee@prospect.test>: Recipient address rejected: User unknown").waitFor();
    await details.getByText("A typo in the address").waitFor();
    // A classified reason: what happened and what to do, and troubleshooting that follows it.
    const kim = failures.getByRole("listitem", { name: "kim@prospect.test" });
    await kim.getByText("Auth Error", { exact: true }).first().waitFor();
    await kim.getByText("SPF check failed at the receiver: publish or fix your SPF record").waitFor();
    await kim
      .getByRole("region", { name: "Error Details" })
      .getByText("The SPF record does not list the sending server")
      .waitFor();
  });

  it("Email Classification: counts per class, the rule on hover, re-labelling and Unsubscribe request", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "classes");
    const owner = await userId(user.email);
    await page.getByRole("link", { name: "Email Classification" }).click();
    await page.getByRole("heading", { level: 1, name: "Email Classification" }).waitFor();
    await page.getByText("No replies yet").waitFor();

    await seedCampaign(owner, "Classified", [{ email: "rita@prospect.test", first: "Rita", replied: 5 }]);
    await app.database.db.insert(replies).values([
      {
        userId: owner,
        contactEmail: "ooo@prospect.test",
        senderEmail: "me@acme.test",
        subject: "Automatic reply: Hello",
        replyContent: "I am out of the office until Monday.",
        repliedAt: minutesAgo(10),
        kind: "auto_reply",
        replyClass: "out_of_office",
        classRule: "header: Auto-Submitted: auto-replied",
      },
      {
        userId: owner,
        contactEmail: "nope@prospect.test",
        senderEmail: "me@acme.test",
        subject: "Re: Hello",
        replyContent: "Thanks, but we are not looking for this right now. Maybe next quarter.",
        repliedAt: minutesAgo(20),
        replyClass: "not_interested",
        classRule: "phrase: not looking",
      },
    ]);
    await page.reload();
    const filters = page.getByRole("navigation", { name: "Filter by class" });
    await eventually(() => text(filters.getByRole("button", { name: /^All/ }))).toBe("All3");
    expect(await text(filters.getByRole("button", { name: /^Interested/ }))).toBe("Interested1");
    expect(await text(filters.getByRole("button", { name: /^Out of office/ }))).toBe("Out of office1");

    const list = page.getByRole("list", { name: "Classified replies" });
    const ooo = list.getByRole("listitem", { name: "ooo@prospect.test" });
    await ooo.getByText("Auto-reply").waitFor();
    // The rule that decided the class, on hover (and as the badge's description).
    await ooo.getByRole("button", { name: "Out of office" }).hover();
    await page.getByRole("tooltip").getByText("Rule: header: Auto-Submitted: auto-replied").waitFor();

    // Filter, then re-label.
    await filters.getByRole("button", { name: /^Not interested/ }).click();
    await eventually(() => list.getByRole("listitem").count()).toBe(1);
    const nope = list.getByRole("listitem", { name: "nope@prospect.test" });
    await nope.getByRole("combobox", { name: "Class of the reply from nope@prospect.test" }).click();
    await page.getByRole("option", { name: "Meeting request", exact: true }).click();
    await toast(page, "Class changed to Meeting request").waitFor();
    await page.getByText("No Not interested replies").waitFor();
    await eventually(() => text(filters.getByRole("button", { name: /^Meeting request/ }))).toBe("Meeting request1");
    await filters.getByRole("button", { name: /^Meeting request/ }).click();
    const corrected = list.getByRole("listitem", { name: "nope@prospect.test" });
    await corrected.getByRole("button", { name: "Meeting request" }).hover();
    await page.getByRole("tooltip").getByText("Set by you (the classifier's rule: phrase: not looking)").waitFor();
    const [stored] = await app.database.db.select().from(replies).where(eq(replies.contactEmail, "nope@prospect.test"));
    expect(stored).toMatchObject({ replyClass: "meeting_request", classCorrected: true });

    // Unsubscribe request: confirmed, then the contact is unsubscribed and the address suppressed.
    await filters.getByRole("button", { name: /^All/ }).click();
    const rita = list.getByRole("listitem", { name: "Rita Doe <rita@prospect.test>" });
    await rita.getByRole("combobox", { name: "Class of the reply from rita@prospect.test" }).click();
    await page.getByRole("option", { name: "Unsubscribe request", exact: true }).click();
    const dialog = page.getByRole("alertdialog", { name: "Mark as an unsubscribe request?" });
    await dialog.getByRole("button", { name: "Mark as Unsubscribe request" }).click();
    await toast(page, "Class changed to Unsubscribe request").waitFor();
    const suppressed = await app.database.db.select().from(suppressions).where(eq(suppressions.userId, owner));
    expect(suppressed.map((s) => s.email)).toEqual(["rita@prospect.test"]);
    const [ritaContact] = await app.database.db
      .select()
      .from(contacts)
      .where(and(eq(contacts.email, "rita@prospect.test"), eq(contacts.userId, owner)));
    expect(ritaContact?.status).toBe("unsubscribed");
  });

  it("Inbox: Reply on a received reply opens Compose from the same mailbox, quoted, and sends it in the thread", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "answer");
    const owner = await userId(user.email);
    const db = app.database.db;
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId: owner, name: "Threads", status: "active" })
      .returning();
    const [lee] = await db
      .insert(contacts)
      .values({
        userId: owner,
        campaignId: campaign!.id,
        email: "lee@prospect.test",
        firstName: "Lee",
        lastName: "Park",
      })
      .returning();
    await db.insert(emailSends).values({
      userId: owner,
      campaignId: campaign!.id,
      contactId: lee!.id,
      toEmail: "lee@prospect.test",
      fromEmail: "me@acme.test",
      subject: "Hello Lee",
      body: "<p>Would Tuesday work?</p>",
      status: "sent",
      sentAt: minutesAgo(60),
      createdAt: minutesAgo(60),
      messageId: "<step1@acme.test>",
    });
    await db.insert(replies).values([
      {
        userId: owner,
        campaignId: campaign!.id,
        contactId: lee!.id,
        contactEmail: "lee@prospect.test",
        senderEmail: "me@acme.test",
        subject: "Re: Hello Lee",
        replyContent: "Tuesday works.\nLee",
        repliedAt: minutesAgo(5),
        messageId: "<lee-reply@prospect.test>",
        inReplyTo: "<step1@acme.test>",
        referencesHeader: "<step1@acme.test>",
      },
      {
        userId: owner,
        campaignId: campaign!.id,
        contactId: lee!.id,
        contactEmail: "lee@prospect.test",
        senderEmail: "me@acme.test",
        subject: "Automatic reply: Hello Lee",
        replyContent: "Out until Friday.",
        repliedAt: minutesAgo(50),
        kind: "auto_reply",
        replyClass: "out_of_office",
      },
    ]);

    await page.goto(`${app.baseUrl}/inbox`);
    const group = page
      .getByRole("list", { name: "Sent emails by contact" })
      .getByRole("listitem", { name: "Lee Park" });
    await group.getByRole("button", { name: /^Replies/ }).click();
    const auto = group.getByRole("listitem").filter({ hasText: "Automatic reply: Hello Lee" });
    await auto.getByText("Auto-reply", { exact: true }).waitFor();
    const answer = group.getByRole("listitem").filter({ hasText: "Tuesday works." });
    await answer.getByRole("link", { name: "Reply" }).click();

    await page.getByRole("heading", { level: 1, name: "Compose Email" }).waitFor();
    await page.getByText("Answering lee@prospect.test in the same thread").waitFor();
    expect(await page.getByLabel("From", { exact: true }).inputValue()).toBe("me@acme.test");
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("lee@prospect.test");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Re: Hello Lee");
    const quoted = await page.getByLabel("Message").inputValue();
    expect(quoted).toMatch(/^\n\nOn .+, lee@prospect\.test wrote:\n> Tuesday works\.\n> Lee$/);
    await page.getByLabel("Message").press("Control+Home");
    await page.getByLabel("Message").pressSequentially("See you Tuesday at 10.");
    await page.getByRole("button", { name: "Send" }).click();
    await toast(page, "Email sent successfully!").waitFor();

    const [sent] = (await db.select().from(capturedEmails)).filter((m) => m.subject === "Re: Hello Lee");
    const parsed = await simpleParser(sent?.raw ?? "");
    expect(parsed.inReplyTo).toBe("<lee-reply@prospect.test>");
    expect(parsed.references).toEqual(["<step1@acme.test>", "<lee-reply@prospect.test>"]);
    expect(parsed.text).toMatch(/^See you Tuesday at 10\./);
    expect(parsed.text).toContain("> Tuesday works.");
  });

  it("the mail-sync card and the sender's panel read what the mailbox sync records", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "sync-state");
    const owner = await userId(user.email);
    const db = app.database.db;
    const [sender] = await db
      .insert(senderAccounts)
      .values({ userId: owner, email: "inbox@acme.test", imapHost: "imap.acme.test", imapPort: 993 })
      .returning();
    await db.insert(mailboxSyncs).values({
      senderAccountId: sender!.id,
      userId: owner,
      lastSyncedAt: minutesAgo(30),
      lastError: "IMAP login failed: AUTHENTICATIONFAILED",
      lastErrorAt: minutesAgo(2),
      errorCount: 2,
      // Not due: the app's own mailbox sync (running in this server) leaves this record as written.
      nextSyncAt: new Date(Date.now() + 3_600_000),
    });
    // Three messages the sync could not apply: two unreadable, one it could not save.
    await db.insert(mailboxMessages).values(
      (["unreadable", "unreadable", "not_saved"] as const).map((reason, i) => ({
        senderAccountId: sender!.id,
        userId: owner,
        sourceKey: `INBOX:1:${i + 1}`,
        kind: "skipped" as const,
        skipReason: reason,
        processedAt: minutesAgo(5 + i),
      })),
    );
    await page.reload();
    const card = page.getByRole("region", { name: "Mail Sync" });
    // An IMAP mailbox is read: the headline speaks of mail sync, not Gmail (issue 28).
    await card.getByText("Mail sync has issues", { exact: true }).waitFor();
    await card.getByText("2 recent sync errors since the last successful sync.").waitFor();
    await card.getByText(/IMAP login failed: AUTHENTICATIONFAILED/).waitFor();
    const cardSkipped = card.getByRole("list", { name: "Skipped messages" });
    await cardSkipped
      .getByRole("listitem")
      .filter({ hasText: "2 messages skipped: the messages could not be read" })
      .getByText("(latest 5 minutes ago)")
      .waitFor();
    await cardSkipped.getByText("1 message skipped: the message could not be saved").waitFor();

    await page.getByRole("link", { name: "Senders" }).click();
    const panel = page.getByRole("listitem", { name: "inbox@acme.test" });
    await panel
      .getByRole("alert")
      .getByText(/Mailbox sync failed 2 minutes ago/)
      .waitFor();
    await panel.getByText("IMAP login failed: AUTHENTICATIONFAILED").waitFor();
    await panel.getByText(/2 recent sync errors · Last synced 30 minutes ago/).waitFor();
    const panelSkipped = panel.getByRole("list", { name: "Skipped messages" });
    await panelSkipped.getByText("2 messages skipped: the messages could not be read").waitFor();
    await panelSkipped.getByText("1 message skipped: the message could not be saved").waitFor();

    // A successful run clears the errors.
    await db
      .update(mailboxSyncs)
      .set({ errorCount: 0, lastSyncedAt: new Date() })
      .where(eq(mailboxSyncs.userId, owner));
    await page.reload();
    await panel.getByText(/Mailbox sync: Last synced less than a minute ago/).waitFor();
    // Skipped messages are shown beside a working sync too.
    await panelSkipped.getByText("2 messages skipped: the messages could not be read").waitFor();
    await page.getByRole("link", { name: "Dashboard" }).click();
    await card.getByText("Mail sync working properly", { exact: true }).waitFor();
    await card.getByText(/1 mailbox synced, last less than a minute ago/).waitFor();
    await cardSkipped.getByText("1 message skipped: the message could not be saved").waitFor();
  });

  it("Outbox: Simulate reply is offered on campaign messages only", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "simulate");
    // A fresh account's only captured message is its confirmation email: nobody to answer it.
    // (Answering a campaign message, and a refusal, are in simulate-reply.test.ts.)
    await page.goto(`${app.baseUrl}/outbox`);
    await page.getByRole("list", { name: "Captured messages" }).getByRole("link").first().click();
    await page.getByRole("heading", { name: "Confirm your Coldreach account" }).waitFor();
    expect(await page.getByRole("button", { name: "Simulate reply" }).count()).toBe(0);
  });
});
