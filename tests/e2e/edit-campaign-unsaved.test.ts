// Edit Campaign with changes not saved (issue 28 §2): leaving asks "Leave
// without saving?" (Stay keeps the edits, Leave drops them), nothing is asked
// after a save; and a follow-up added here waits 2 days, as in the wizard.
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const campaign: CreateCampaignInput = {
  name: "Spring Outreach",
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 10 }],
  contacts: [{ email: "ana@prospect.test", firstName: "Ana", lastName: null, company: "Prospect", customFields: {} }],
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

describeJourneys("Edit Campaign: unsaved changes", () => {
  const browser = useBrowser();
  let app: AppServer;
  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("asks before leaving with edits not saved, keeps them on Stay, drops them on Leave, asks nothing once saved", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "edit-unsaved");
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: campaign });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as CampaignDetail).campaign.id;
    const leaveDialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    const back = page.getByRole("link", { name: "Back to Campaigns" });
    const name = page.getByLabel("Campaign Name *");

    await page.goto(`${app.baseUrl}/campaigns/edit/${id}`);
    await name.fill("Summer Outreach");
    await back.click();
    await leaveDialog.getByText("Your changes on this page are not saved. If you leave, they are lost.").waitFor();
    await leaveDialog.getByRole("button", { name: "Stay" }).click();
    await leaveDialog.waitFor({ state: "detached" });
    expect(await name.inputValue()).toBe("Summer Outreach");

    // A follow-up added on the edit page waits 2 days too.
    await page.getByRole("tab", { name: "Email Sequence (1)" }).click();
    await page.getByRole("button", { name: "Add Email Step" }).click();
    const second = page.getByRole("group", { name: "Email 2", exact: true });
    expect(await second.getByLabel("Send after").inputValue()).toBe("2");
    expect(await second.getByRole("combobox", { name: "Delay unit" }).textContent()).toBe("Days");

    await back.click();
    await leaveDialog.getByRole("button", { name: "Leave" }).click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.goto(`${app.baseUrl}/campaigns/edit/${id}`);
    expect(await name.inputValue()).toBe("Spring Outreach");

    // Saved: leaving asks nothing.
    await name.fill("Summer Outreach");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast(page, "Campaign updated successfully").waitFor();
    await back.click();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    expect(await leaveDialog.count()).toBe(0);
  });
});
