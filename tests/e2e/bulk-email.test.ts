// Email in Bulk (docs/product.md §12):
// the sender list's rules, the CSV upload with its summary and preview, the
// send checks in the spec's order, a send through Coldreach (engine mode,
// saved senders, mail in the outbox) that clears the form, and a send to an
// automation webhook set in Settings (payload and signature checked on a local
// HTTP server) where a failure keeps every input.
import { createHmac } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const csvFile = (name: string, lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(lines.join("\r\n"), "utf8"),
});

/** 12 rows: 11 distinct addresses, one without @, one repeat (in another case). */
const leadsCsv = csvFile("leads.csv", [
  "Email,First Name,Last Name,Company,Job Title",
  ...Array.from({ length: 11 }, (_, i) => `Lead${i + 1}@Prospects.test,Lead${i + 1},Person,"Acme ${i + 1}, Inc.",CTO`),
  "not-an-address,Nobody,,,",
  "LEAD1@prospects.test,Again,,,",
]);

async function openBulk(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/bulk-email`);
  await page.getByRole("heading", { level: 1, name: "Email in Bulk" }).waitFor();
  await page.getByRole("region", { name: "Delivery", exact: true }).waitFor();
}

const sendButton = (page: Page) => page.getByRole("button", { name: "Send Bulk Emails" });
const panel = (page: Page) => page.getByRole("region", { name: "Ready to Send" });

async function expectSendProblem(page: Page, message: string) {
  await sendButton(page).click();
  await panel(page).getByRole("alert").filter({ hasText: message }).waitFor();
}

async function addSender(page: Page, email: string) {
  await page.getByLabel("Sender email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Add", exact: true }).click();
}

async function saveSenderThroughApi(page: Page, email: string) {
  const status = await page.evaluate(async (address) => {
    const res = await fetch("/api/senders", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: address, provider: "custom", dailyLimit: 50 }),
    });
    return res.status;
  }, email);
  expect(status).toBe(201);
}

describeJourneys("email in bulk", () => {
  const browser = useBrowser();
  let app: AppServer;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver({ "/fail": { status: 500 } });
    // The webhook receiver runs on 127.0.0.1, which the SSRF guard refuses unless told otherwise.
    app = await startAppServer({ WEBHOOK_ALLOW_PRIVATE: "on" });
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });
  afterEach(() => hook.reset());

  it("checks the send in the spec's order, the sender list's rules and the CSV, with summary and preview", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "bulk-rules");
    await saveSenderThroughApi(page, "one@acme.test");
    await saveSenderThroughApi(page, "two@acme.test");
    await page.getByRole("link", { name: "Email in Bulk" }).click();
    await openBulk(page, app.baseUrl);
    await page.getByText("Sent through Coldreach with your saved sender accounts", { exact: true }).waitFor();

    // Empty states and the Ready to Send panel.
    await page.getByText("No sender emails added yet").waitFor();
    await panel(page).getByText("Unnamed", { exact: true }).waitFor();

    await expectSendProblem(page, "Please enter a campaign name.");
    await page.getByLabel("Campaign Name *").fill("Spring outreach");
    await panel(page).getByText("Spring outreach", { exact: true }).waitFor();
    await expectSendProblem(page, "Please add at least one sender email address.");

    // Sender list rules.
    await addSender(page, "not-an-address");
    await page.getByRole("alert").filter({ hasText: "Please enter a valid email address." }).waitFor();
    await addSender(page, "one@acme.test");
    await toast(page, "Sender email added").waitFor();
    await addSender(page, "ONE@acme.test");
    await page.getByRole("alert").filter({ hasText: "This email address is already added." }).waitFor();
    // Enter adds too.
    await page.getByLabel("Sender email", { exact: true }).fill("two@acme.test");
    await page.getByLabel("Sender email", { exact: true }).press("Enter");
    // Coldreach sends through saved sender accounts: another address is refused at Add, not at Send.
    await addSender(page, "other@notmine.com");
    await page
      .getByRole("alert")
      .filter({ hasText: "No saved sender account for other@notmine.com. Add it in Senders first." })
      .waitFor();
    const senders = page.getByRole("list", { name: "Sender emails" }).getByRole("listitem");
    expect(await senders.allTextContents()).toEqual(["one@acme.test", "two@acme.test"]);
    // A refusal does not outlive the next change of the list.
    await page.getByRole("button", { name: "Remove two@acme.test" }).click();
    await toast(page, "Sender email removed").waitFor();
    expect(await page.getByText("No saved sender account for other@notmine.com", { exact: false }).count()).toBe(0);
    // The saved senders not in the list are offered to pick from.
    const savedSenders = page.getByRole("list", { name: "Your saved senders:" });
    expect((await savedSenders.getByRole("button").allTextContents()).map((t) => t.trim())).toEqual(["two@acme.test"]);
    await addSender(page, "ONE@acme.test");
    await page.getByRole("alert").filter({ hasText: "This email address is already added." }).waitFor();
    await savedSenders.getByRole("button", { name: "Add two@acme.test" }).click();
    await toast(page, "Sender email added").waitFor();
    expect(await page.getByText("This email address is already added.").count()).toBe(0);
    expect(await savedSenders.count()).toBe(0);
    expect(await senders.allTextContents()).toEqual(["one@acme.test", "two@acme.test"]);
    expect(await page.getByTestId("bulk-sender-count").textContent()).toBe("2");

    await expectSendProblem(page, "Please upload a CSV file with email addresses.");

    // CSV rules.
    const file = page.getByLabel("CSV file");
    await file.setInputFiles(csvFile("leads.txt", ["email", "a@b.test"]));
    await page
      .getByRole("alert")
      .filter({ hasText: /^Please upload a CSV file$/ })
      .waitFor();
    await file.setInputFiles(csvFile("no-email.csv", ["name,phone", "Jane,123"]));
    await page
      .getByRole("alert")
      .filter({
        hasText: 'No email column found. Please ensure your CSV has a column named "email", "e-mail", or similar.',
      })
      .waitFor();
    await file.setInputFiles(csvFile("empty.csv", ["email,name", "nobody,Jane"]));
    await page.getByRole("alert").filter({ hasText: "No valid emails found in the CSV file" }).waitFor();
    await file.setInputFiles(leadsCsv);
    const uploaded = toast(page, "CSV file uploaded successfully! Found 11 valid emails.");
    await uploaded.waitFor();
    expect(await uploaded.getAttribute("data-type")).toBe("success");

    // Summary, columns, preview of 10 rows and the rest counted.
    await page.getByRole("heading", { name: "11 contacts ready" }).waitFor();
    expect(await page.getByRole("list", { name: "CSV columns" }).getByRole("listitem").allTextContents()).toEqual([
      "Email",
      "First Name",
      "Last Name",
      "Company",
      "Job Title",
    ]);
    const preview = page.getByRole("table", { name: "CSV preview" });
    expect(await preview.getByRole("row").count()).toBe(11); // header + 10
    expect(await preview.getByRole("row").nth(1).textContent()).toContain("lead1@prospects.test");
    expect(await preview.getByRole("row").nth(1).textContent()).toContain("Acme 1, Inc.");
    await page.getByText("... and 1 more rows", { exact: true }).waitFor();
    expect(await page.getByTestId("bulk-contact-count").textContent()).toBe("11");

    // Engine mode needs the email itself.
    await expectSendProblem(page, "Please enter a subject for the email.");
    await page.getByLabel("Subject *").fill("Hi");
    await expectSendProblem(page, "Please enter the email message.");
  });

  it("sends through Coldreach with the saved senders and clears the form", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "bulk-engine");
    await saveSenderThroughApi(page, "one@acme.test");
    await saveSenderThroughApi(page, "two@acme.test");
    await openBulk(page, app.baseUrl);
    await page.getByText("Sent through Coldreach with your saved sender accounts", { exact: true }).waitFor();

    await page.getByLabel("Campaign Name *").fill("Spring outreach");
    await page.getByLabel("Description").fill("From the bulk screen");
    await addSender(page, "one@acme.test");
    await addSender(page, "two@acme.test");
    await page.getByLabel("CSV file").setInputFiles(leadsCsv);
    await toast(page, "CSV file uploaded successfully! Found 11 valid emails.").waitFor();
    // The tags are shown as the wizard spells them; the other spelling works too.
    await page
      .getByText("Merge tags fill in each contact's details: {{firstName}}, {{lastName}}", { exact: false })
      .waitFor();
    await page.getByLabel("Subject *").fill("Quick question, {{firstName}}");
    await page.getByLabel("Message *").fill("Hi {{first_name}},\nHow is {{company}} doing?");

    await sendButton(page).click();
    const sent = toast(page, "Bulk emails sent successfully! 11 emails processed.");
    await sent.waitFor();
    expect(await sent.getAttribute("data-type")).toBe("success");

    // Cleared: name, description, senders, contacts, subject, message.
    expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("");
    expect(await page.getByLabel("Description").inputValue()).toBe("");
    await page.getByText("No sender emails added yet").waitFor();
    expect(await page.getByTestId("bulk-contact-count").textContent()).toBe("0");
    expect(await page.getByLabel("Subject *").inputValue()).toBe("");
    expect(await page.getByLabel("Message *").inputValue()).toBe("");
    expect(await page.getByRole("table", { name: "CSV preview" }).count()).toBe(0);

    // The first batch went out through the capture server, merge tags filled.
    await eventually(async () => {
      const list = (await (await fetch(`${app.baseUrl}/api/outbox?limit=100`)).json()) as {
        messages: { to: string[]; subject: string }[];
      };
      return list.messages.filter((m) => m.subject.startsWith("Quick question, Lead")).length;
    }).toBe(11);

    // The send is a campaign on the dashboard's list.
    await sent.getByRole("button", { name: "View campaign" }).click();
    await page.waitForURL(/\/campaigns\/edit\//);
    await page.getByText("Spring outreach").first().waitFor();
  });

  it("posts to the automation webhook set in Settings, signed; a failed send keeps every input", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/bulk\/send: .*status of 502/, "the webhook answers 500 on purpose");
    await signedInUser(page, app.baseUrl, "bulk-webhook");

    // Settings: the URL field, then the signing secret appears.
    await page.goto(`${app.baseUrl}/settings`);
    const url = page.getByLabel("Automation webhook URL");
    await url.fill("not a url");
    await page.getByRole("button", { name: "Save Settings" }).click();
    await page
      .getByText("Enter a full address starting with http:// or https://, or leave the field empty.", { exact: true })
      .waitFor();
    await url.fill(hook.url("/hook"));
    const secretField = page.getByLabel("Signing secret");
    await eventually(() => secretField.inputValue()).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const secret = await secretField.inputValue();
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();

    await openBulk(page, app.baseUrl);
    await page.getByText(`Sent through your automation webhook at 127.0.0.1:${hook.port}`, { exact: true }).waitFor();
    expect(await page.getByLabel("Subject *").count()).toBe(0);

    await page.getByLabel("Campaign Name *").fill("Webhook push");
    await page.getByLabel("Description").fill("Through n8n");
    await addSender(page, "me@acme.test");
    await page.getByLabel("CSV file").setInputFiles(leadsCsv);
    await toast(page, "CSV file uploaded successfully! Found 11 valid emails.").waitFor();
    await sendButton(page).click();
    await toast(page, "Bulk emails sent successfully! 11 emails processed.").waitFor();
    expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("");

    expect(hook.to("/hook")).toHaveLength(1);
    const received = hook.to("/hook")[0]!;
    const payload = JSON.parse(received.body) as Record<string, unknown> & { contacts: Record<string, string>[] };
    expect(payload).toMatchObject({
      campaignName: "Webhook push",
      campaignDescription: "Through n8n",
      senderEmails: ["me@acme.test"],
      totalContacts: 11,
      totalSenderEmails: 1,
    });
    expect(payload.contacts[0]).toEqual({
      email: "lead1@prospects.test",
      firstName: "Lead1",
      lastName: "Person",
      company: "Acme 1, Inc.",
      "job title": "CTO",
    });
    expect(received.headers["x-coldreach-timestamp"]).toBe(payload.timestamp);
    const signature = createHmac("sha256", secret).update(received.body, "utf8").digest("hex");
    expect(received.headers["x-coldreach-signature"]).toBe(`sha256=${signature}`);

    // A webhook that answers 500: the spec's message, and nothing is cleared.
    await page.goto(`${app.baseUrl}/settings`);
    await page.getByLabel("Automation webhook URL").fill(hook.url("/fail"));
    await page.getByRole("button", { name: "Save Settings" }).click();
    await toast(page, "Settings saved successfully").waitFor();
    await openBulk(page, app.baseUrl);
    await page.getByText(`Sent through your automation webhook at 127.0.0.1:${hook.port}`, { exact: true }).waitFor();
    await page.getByLabel("Campaign Name *").fill("Will fail");
    await addSender(page, "me@acme.test");
    await page.getByLabel("CSV file").setInputFiles(leadsCsv);
    await toast(page, "CSV file uploaded successfully! Found 11 valid emails.").waitFor();
    await sendButton(page).click();
    const failed = toast(page, "Failed to send bulk emails. Please try again.");
    await failed.waitFor();
    expect(await failed.getAttribute("data-type")).toBe("error");
    expect(await page.getByLabel("Campaign Name *").inputValue()).toBe("Will fail");
    expect(await page.getByTestId("bulk-sender-count").textContent()).toBe("1");
    expect(await page.getByTestId("bulk-contact-count").textContent()).toBe("11");
    expect(hook.to("/fail")).toHaveLength(1);
  });
});
