// Direct compose (docs/product.md §14.2): validation in its order,
// a real send over SMTP to the capture server, and the message in the outbox.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

describeJourneys("compose", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("says at the Subject field that it is too long, naming the limit, and sends nothing", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "compose-long-subject");
    await page.goto(`${app.baseUrl}/inbox/compose`);
    await page.getByRole("heading", { level: 1, name: "Compose Email" }).waitFor();
    await page.getByLabel("From", { exact: true }).fill("me@acme.test");
    await page.getByLabel("To", { exact: true }).fill("lead@example.com");
    await page.getByLabel("Subject", { exact: true }).fill("s".repeat(999));
    await page.getByLabel("Message", { exact: true }).fill("Hello");
    const sends: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/")) sends.push(r.url());
    });
    await page.getByRole("button", { name: "Send" }).click();

    const subject = page.getByLabel("Subject", { exact: true });
    const described = await subject.getAttribute("aria-describedby");
    expect(described).toBe("compose-subject-error");
    await page.locator(`#${described}`).getByText("Subject must be at most 998 characters.", { exact: true }).waitFor();
    expect(await subject.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByText(/Too big|expected string/).count()).toBe(0);
    expect(sends).toEqual([]);
  });

  it("checks the fields in order, sends, clears the form and shows the message in the outbox", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "compose");
    await page.getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("link", { name: "Compose" }).click();
    await page.getByRole("heading", { level: 1, name: "Compose Email" }).waitFor();

    const send = page.getByRole("button", { name: "Send" });
    await send.click();
    await page.getByRole("alert").getByText("Please enter a sender email address").waitFor();
    await page.getByLabel("From", { exact: true }).fill("me@acme.test");
    await page.getByLabel("To", { exact: true }).fill("not an address");
    await send.click();
    await page.getByRole("alert").getByText("Please enter a valid recipient email").waitFor();
    await page.getByLabel("To", { exact: true }).fill("lead@example.com");
    await send.click();
    await page.getByRole("alert").getByText("Please enter a subject").waitFor();
    await page.getByLabel("Subject", { exact: true }).fill("Coffee next week?");
    await page.getByLabel("Message", { exact: true }).fill("Hi Lee,\nWould Tuesday work?");
    await send.click();
    await toast(page, "Email sent successfully!").waitFor();
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("");

    await page.goto(`${app.baseUrl}/outbox`);
    const newest = page.getByRole("list", { name: "Captured messages" }).getByRole("link").first();
    expect(await newest.textContent()).toContain("Coffee next week?");
    expect(await newest.textContent()).toContain("To: lead@example.com");
  });

  it("Cancel and Back to Inbox return to the inbox", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "compose-cancel");
    await page.goto(`${app.baseUrl}/inbox/compose?to=lead%40example.com&subject=Re%3A%20Hello`);
    expect(await page.getByLabel("To", { exact: true }).inputValue()).toBe("lead@example.com");
    expect(await page.getByLabel("Subject", { exact: true }).inputValue()).toBe("Re: Hello");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL(`${app.baseUrl}/inbox`);
    await page.goto(`${app.baseUrl}/inbox/compose`);
    await page.getByRole("link", { name: "Back to Inbox" }).click();
    await page.waitForURL(`${app.baseUrl}/inbox`);
  });
});
