// Spintax and merge tags in the wizard (issue 30 §2, docs/product.md §9.6,
// §9.8): a spintax error shows under its field with its position and goes
// when fixed; an unknown merge tag shows its did-you-mean, is listed on the
// review step and blocks Launch until fixed; the step preview and Preview
// Mode show one pick per contact and Shuffle shows others; the launched
// messages carry each contact's pick. On Edit Campaign the editor flags
// exactly the tags the launch refuses: a column only the 12th contact has
// (beyond the ten previewed) and a settings fallback tag are known, an import
// alias ({{organisation}}) reads the company, a variant's unknown tag is
// flagged under the variant.
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { campaigns, emailSends, user as users } from "../../src/server/db/schema/index.ts";
import type { CampaignDetail, CreateCampaignInput } from "../../src/shared/campaigns/campaigns.schemas.ts";
import { step } from "../support/sending-fixtures.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toasts, useBrowser } from "./support/browser.ts";
import { storeDraft } from "./support/stored-draft.ts";
import { signedInUser } from "./support/users.ts";

const emailStep = (page: Page, n: number) => page.getByRole("group", { name: `Email ${n}`, exact: true });
const subjectOf = (step: Locator) => step.getByLabel("Subject");
const plainBodyOf = (step: Locator) => step.getByRole("textbox", { name: "Body" });
const previewOf = (page: Page, n: number) => page.getByRole("region", { name: `Email ${n} preview` });

/** Opens the wizard at Email Sequence with two uploaded contacts and a sender (the draft as IndexedDB keeps it). */
async function seedDraft(page: Page, app: AppServer, email: string) {
  const [row] = await app.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const draft = {
    name: "Spun outreach",
    description: "",
    senderAccounts: [
      { localId: "s1", email: "hello@acme.test", provider: "custom", dailyLimit: 50, savedSenderId: null },
    ],
    contacts: [
      { email: "jane@acme.test", first_name: "Jane", company: "Acme", job_title: "CTO" },
      { email: "sam@globex.test", first_name: "Sam", company: "Globex", job_title: "CEO" },
    ],
    importedFields: ["email", "first_name", "company", "job_title"],
    fileName: "contacts.csv",
    emailColumn: "email",
    removedDuplicates: [],
    selectedColumns: ["email", "first_name", "company", "job_title"],
    sequence: [
      {
        id: "seed-1",
        subject: "Hi {{firstName}}",
        body: "Hello",
        bodyFormat: "text",
        delay: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
      },
    ],
  };
  await page.goto(`${app.baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  await storeDraft(page, row!.id, { version: 1, draft, stepIndex: 4, savedAt: new Date().toISOString() });
  await page.reload();
  await page.getByRole("heading", { level: 2, name: "Email Sequence" }).waitFor();
}

/** Presses Shuffle until the text differs from `before` (the picks are seeded: the same clicks every run). */
async function shuffleUntilChanged(scope: Locator, read: () => Promise<string | null>, before: string | null) {
  for (let i = 0; i < 12; i++) {
    await scope.getByRole("button", { name: "Shuffle" }).click();
    if ((await read()) !== before) return;
  }
  throw new Error(`Shuffle never changed ${before}`);
}

const knownTagContacts = Array.from({ length: 12 }, (_, i) => {
  const customFields: Record<string, string> = { city: "Rome" };
  if (i === 11) customFields.rare = "yes";
  return { email: `p${i + 1}@prospect.test`, firstName: `P${i + 1}`, company: "Prospect", customFields };
});

const knownTagsCampaign: CreateCampaignInput = {
  name: "Known tags",
  description: null,
  emailColumn: "email",
  senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 10 }],
  contacts: knownTagContacts,
  sequence: [step("Quick question", "Hi {{firstName}}")],
};

describeJourneys("spintax and merge tags (wizard step 5 and launch)", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows spintax errors and unknown tags, blocks Launch until fixed, previews and shuffles, and sends each contact a pick", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "spintax");
    await seedDraft(page, app, account.email);
    const first = emailStep(page, 1);

    // An unclosed choice: said under the subject, at its position, with the brace marked.
    await subjectOf(first).fill("Quick {Hi|Hello {{firstName}}");
    const subjectError = first.getByRole("alert").filter({ hasText: "Subject:" });
    await subjectError.getByText('Subject: Unclosed spintax choice: "{" at position 7 has no "}"').waitFor();
    expect(await subjectOf(first).getAttribute("aria-invalid")).toBe("true");
    await subjectError.locator("mark", { hasText: "{" }).waitFor();
    // Fixed: the error goes.
    await subjectOf(first).fill("{Hi|Hello|Hey} {{firstName}}");
    await eventually(() => subjectError.count()).toBe(0);

    // An empty choice in the body, then fixed; and a misspelt tag with its suggestion.
    await plainBodyOf(first).fill("{Thanks||Cheers}, {{frist_name}}");
    await first.getByText("Body: Empty choice in {Thanks||Cheers} at position 1").waitFor();
    await plainBodyOf(first).fill("{Thanks|Cheers|Regards}, {{frist_name}}");
    await eventually(() => first.getByText("Body: Empty choice", { exact: false }).count()).toBe(0);
    await first.getByText("Unknown merge tag: {{frist_name}}. Did you mean {{first_name}}?").waitFor();

    // The review lists it and Launch is blocked.
    await page.getByRole("button", { name: "Review & Launch" }).click();
    await page.getByText("Issues Found").waitFor();
    await page
      .getByText("Step 1 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?", { exact: true })
      .waitFor();
    expect(await page.getByRole("button", { name: "Launch Campaign" }).isDisabled()).toBe(true);

    // Back at the step: take the suggestion.
    await page.getByRole("button", { name: "Previous" }).click();
    await first.getByRole("button", { name: "Use {{first_name}}" }).click();
    await eventually(() => plainBodyOf(first).inputValue()).toBe("{Thanks|Cheers|Regards}, {{first_name}}");
    await eventually(() => first.getByText("Unknown merge tag", { exact: false }).count()).toBe(0);

    // The step preview: one pick for Jane; Shuffle shows another.
    const subject = () => previewOf(page, 1).getByTestId("preview-subject").textContent();
    await eventually(async () => /^(Hi|Hello|Hey) Jane$/.test((await subject()) ?? "")).toBe(true);
    const body = () => previewOf(page, 1).getByTestId("preview-body").textContent();
    expect(await body()).toMatch(/^(Thanks|Cheers|Regards), Jane$/);
    const shown = `${await subject()} / ${await body()}`;
    await shuffleUntilChanged(previewOf(page, 1), async () => `${await subject()} / ${await body()}`, shown);
    expect(await subject()).toMatch(/^(Hi|Hello|Hey) Jane$/);

    // Preview Mode, for Sam: the whole sequence, with its own Shuffle.
    await page.getByRole("combobox", { name: "Preview as" }).click();
    await page.getByRole("option", { name: "Sam (sam@globex.test)" }).click();
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    const sequencePreview = page.getByRole("list", { name: "Sequence preview" });
    const fullSubject = () => sequencePreview.getByTestId("preview-subject").textContent();
    await eventually(async () => /^(Hi|Hello|Hey) Sam$/.test((await fullSubject()) ?? "")).toBe(true);
    const fullBody = () => sequencePreview.getByTestId("preview-body").textContent();
    const before = `${await fullSubject()} / ${await fullBody()}`;
    await shuffleUntilChanged(page.locator("main"), async () => `${await fullSubject()} / ${await fullBody()}`, before);
    await page.getByRole("switch", { name: "Preview Mode" }).click();

    // Ready: launched, each contact got one pick, written out.
    await page.getByRole("button", { name: "Review & Launch" }).click();
    await page.getByText("Ready to Launch").waitFor();
    await page.getByRole("button", { name: "Launch Campaign" }).click();
    await toasts(page).getByText("Campaign launched successfully!", { exact: false }).waitFor();
    const [campaign] = await app.database.db.select().from(campaigns).where(eq(campaigns.name, "Spun outreach"));
    await eventually(
      async () =>
        (await app.database.db.select().from(emailSends).where(eq(emailSends.campaignId, campaign!.id))).length,
    ).toBe(2);
    const sends = await app.database.db.select().from(emailSends).where(eq(emailSends.campaignId, campaign!.id));
    for (const send of sends) expect(send.subject).toMatch(/^(Hi|Hello|Hey) (Jane|Sam)$/);
  });

  it("Edit Campaign knows every contact's columns and the fallback tags, as the launch does, for the step and its variants", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "known-tags");
    const settings = await (await page.request.get(`${app.baseUrl}/api/settings`)).json();
    const saved = await page.request.put(`${app.baseUrl}/api/settings`, {
      data: { ...settings, fallbackMergeTags: { first_name: "there", title: "friend" } },
    });
    expect(saved.status()).toBe(200);
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, { data: knownTagsCampaign });
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
