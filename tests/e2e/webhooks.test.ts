// Settings › Webhooks in a real browser: add a webhook pointing at a local
// receiver, see its signing secret once, send a test event, watch the
// delivery log fill as the app's worker delivers it (verified with the
// Standard Webhooks library and the secret read off the screen), Resend (the
// same webhook-id), and a 410 Gone turning the endpoint off with its reason
// shown and "Turn on again".
import type { Page } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startWebhookReceiver, type WebhookReceiver } from "../support/webhook-receiver.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;
async function shots(page: Page, name: string) {
  if (!shotsDir) return;
  for (const width of [360, 768, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${shotsDir}/webhooks-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

describeJourneys("webhooks", () => {
  const browser = useBrowser();
  let app: AppServer;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    hook = await startWebhookReceiver({ "/gone": { status: 410 } });
    app = await startAppServer({ WEBHOOK_ALLOW_PRIVATE: "on" });
  });
  afterAll(async () => {
    await app?.close();
    await hook?.close();
  });

  it("adds a webhook, shows its secret once, delivers a test event into the log and resends it", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "webhooks");
    await page.goto(`${app.baseUrl}/settings`);
    await page.getByRole("link", { name: "Manage webhooks" }).click();
    await page.waitForURL(`${app.baseUrl}/settings/webhooks`);
    await page.getByRole("heading", { level: 1, name: "Webhooks" }).waitFor();
    await page.getByText("No webhooks yet.").waitFor();

    await page.getByRole("button", { name: "Add webhook" }).click();
    // No events chosen: refused in the form, naming the field.
    await page.getByLabel("Endpoint URL").fill(hook.url("/coldreach"));
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByText("Choose at least one event").waitFor();
    await page.getByLabel("meeting.booked").check();
    await page.getByLabel("email.sent").check();
    await shots(page, "form");
    await page.getByRole("button", { name: "Add webhook" }).click();
    await toast(page, "Webhook added").waitFor();

    const secretPanel = page.getByTestId("webhook-secret");
    await secretPanel.getByText("it is shown only once").waitFor();
    const secret = (await page.getByTestId("webhook-secret-value").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    const endpoint = page.getByRole("region", { name: new RegExp(hook.url("/coldreach").replaceAll(".", "\\.")) });
    await endpoint.getByText("Active").waitFor();
    await shots(page, "secret");
    await secretPanel.getByRole("button", { name: "I have saved it" }).click();
    await secretPanel.waitFor({ state: "detached" });
    // Gone for good: the page, reloaded, never shows it again.
    await page.reload();
    await endpoint.getByText("No deliveries yet", { exact: false }).waitFor();
    expect(await page.content()).not.toContain(secret);

    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await toast(page, "Test meeting.booked event queued").waitFor();
    const [first] = await hook.waitFor("/coldreach", 1);
    const body = new Webhook(secret).verify(first!.body, first!.headers as never) as { type: string };
    expect(body.type).toBe("meeting.booked");
    const log = endpoint.getByRole("table", { name: "Delivery log" });
    const row = log.getByRole("row", { name: new RegExp(`meeting\\.booked ${first!.headers["webhook-id"]}`) });
    await row.getByText("Delivered").waitFor();
    await row.getByRole("cell", { name: "200", exact: true }).waitFor();
    await shots(page, "log");

    await row.getByRole("button", { name: /^Resend/ }).click();
    await toast(page, "meeting.booked queued again").waitFor();
    const both = await hook.waitFor("/coldreach", 2);
    expect(both[1]!.headers["webhook-id"]).toBe(first!.headers["webhook-id"]);
    await row.getByRole("cell", { name: "2", exact: true }).waitFor();
    await row.getByRole("button", { name: "Attempts" }).click();
    await log.getByText("Attempt 2").waitFor();
  });

  it("shows an endpoint the app turned off on 410 Gone, and turns it on again", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "webhooks-gone");
    await page.goto(`${app.baseUrl}/settings/webhooks`);
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByLabel("Endpoint URL").fill(hook.url("/gone"));
    await page.getByLabel("email.opened").check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await page.getByRole("button", { name: "I have saved it" }).click();
    const endpoint = page.getByRole("region", { name: /\/gone/ });
    await endpoint.getByRole("button", { name: "Send test event" }).click();
    await hook.waitFor("/gone", 1);
    await page.reload();
    await endpoint.getByText("Turned off by Coldreach").waitFor();
    await endpoint.getByRole("status").getByText("answered 410 Gone", { exact: false }).waitFor();
    await shots(page, "gone");
    await endpoint.getByRole("button", { name: "Turn on again" }).click();
    await toast(page, "Webhook turned on").waitFor();
    await endpoint.getByText("Active", { exact: true }).waitFor();
  });
});
