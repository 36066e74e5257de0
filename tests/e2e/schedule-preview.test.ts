// The schedule preview on the campaign page (docs/product.md §10.1): the
// estimated end date, what limits it, the first days' table, per sender on
// expand. (The wizard's Review & Launch: campaign-wizard.test.ts.)
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const step = (subject: string, delayAmount: number) => ({
  subject,
  body: "Hello",
  bodyFormat: "text",
  delayAmount,
  delayUnit: "days",
  scheduledDate: null,
  scheduledTime: null,
});

describeJourneys("schedule preview", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("campaign page: end date, what limits it, the first days and per sender on expand", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "schedule-preview");
    const res = await page.context().request.post(`${app.baseUrl}/api/campaigns`, {
      headers: { origin: app.baseUrl },
      data: {
        name: "Preview",
        description: null,
        emailColumn: "email",
        senderAccounts: [
          { email: "one@acme.test", provider: "custom", dailyLimit: 3 },
          { email: "two@acme.test", provider: "custom", dailyLimit: 2 },
        ],
        contacts: Array.from({ length: 12 }, (_, i) => ({ email: `p${i}@prospects.test`, customFields: {} })),
        sequence: [step("Hi", 0), step("Again", 2)],
      },
    });
    expect(res.status()).toBe(201);
    const { campaign } = (await res.json()) as { campaign: { id: string } };

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign.id}`);
    await page.getByRole("heading", { name: "Schedule preview" }).waitFor();
    const table = page.getByRole("table", { name: /Planned sends for the first \d+ sending days/ });
    await table.waitFor();
    await page.getByText("Your senders' daily limits", { exact: false }).waitFor();
    await page.getByText("Estimated end:", { exact: false }).waitFor();
    await page.getByText("24 emails", { exact: false }).waitFor();
    // 12 contacts, 5 a day: the first day 5 first emails, no follow-ups.
    const first = table.getByRole("row").nth(1);
    expect(await first.getByRole("cell").nth(0).textContent()).toBe("5");
    expect(await first.getByRole("cell").nth(1).textContent()).toBe("0");
    await first.getByRole("button", { name: /: per sender/ }).click();
    await eventually(() => table.getByText("one@acme.test").count()).toBe(1);
    expect(await first.getByRole("button", { name: /: per sender/ }).getAttribute("aria-expanded")).toBe("true");
  });
});
