// Edit Campaign's editor flags exactly the merge tags the launch refuses
// (issue 30 §2): a column only the 12th contact has (beyond the ten previewed)
// and a settings fallback tag are known; an import alias ({{organisation}})
// reads the company; a variant's unknown tag is flagged under the variant.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const contacts = Array.from({ length: 12 }, (_, i) => ({
  email: `p${i + 1}@prospect.test`,
  firstName: `P${i + 1}`,
  lastName: null,
  company: "Prospect",
  customFields: i === 11 ? { city: "Rome", rare: "yes" } : { city: "Rome" },
}));

const campaign: CreateCampaignInput = {
  name: "Known tags",
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 10 }],
  contacts,
  sequence: [
    {
      subject: "Quick question",
      body: "Hi {{firstName}}",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    },
  ],
};

describeJourneys("Merge tags on Edit Campaign", () => {
  const browser = useBrowser();
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("knows every contact's columns and the fallback tags, as the launch does, for the step and its variants", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "known-tags");
    const settings = await (await page.request.get(`${app.baseUrl}/api/settings`)).json();
    const saved = await page.request.put(`${app.baseUrl}/api/settings`, {
      data: { ...settings, fallbackMergeTags: { first_name: "there", title: "friend" } },
    });
    expect(saved.status()).toBe(200);
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as CampaignDetail).campaign.id;

    await page.goto(`${app.baseUrl}/campaigns/edit/${id}`);
    await page.getByRole("tab", { name: "Email Sequence (1)" }).click();
    const first = page.getByRole("group", { name: "Email 1", exact: true });
    await first.getByLabel("Subject", { exact: true }).fill("{{rare}} {{title}} {{organisation}} {{city}} {{nope}}");
    await first.getByText("Unknown merge tag: {{nope}}.").waitFor();
    expect(await first.getByText(/^Unknown merge tag:/).count()).toBe(1);
    // The alias reads the company in the preview.
    await page.getByRole("region", { name: "Email 1 preview" }).getByText("Prospect").first().waitFor();

    await first.getByRole("button", { name: "Add variant to Email 1" }).click();
    const variantB = first.getByRole("group", { name: "Email 1 variant B" });
    await variantB.getByLabel("Email 1 variant B subject").fill("Hi {{rar}}");
    await variantB.getByText("Unknown merge tag: {{rar}}. Did you mean {{rare}}?").waitFor();
    await variantB.getByRole("button", { name: "Use {{rare}}" }).click();
    expect(await variantB.getByLabel("Email 1 variant B subject").inputValue()).toBe("Hi {{rare}}");
    expect(await variantB.getByText(/^Unknown merge tag:/).count()).toBe(0);

    // What the editor accepts the launch accepts once {{nope}} is gone.
    await first.getByLabel("Subject", { exact: true }).fill("{{rare}} {{title}} {{organisation}} {{city}}");
    expect(await page.getByText(/^Unknown merge tag:/).count()).toBe(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("Campaign updated successfully").first().waitFor();
    const launched = await page.request.post(`${app.baseUrl}/api/campaigns/${id}/launch`);
    expect(launched.status()).toBe(200);
  });
});
