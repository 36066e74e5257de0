// Wizard step 5, Email Sequence (docs/product.md §9.6, §9.7:
// steps, templates and their messages): steps with merge tags and previews,
// plain → rich text with bold and a link, Preview Mode, and the template
// library (save, use, preview, delete). No contacts are uploaded, so previews
// show [tagName] for every tag.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { emailTemplates, user as users } from "../../src/server/db/schema/index.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { storeDraft } from "./support/stored-draft.ts";
import { signedInUser } from "./support/users.ts";

/** Opens Create Campaign and presses Next four times, to Email Sequence. */
async function openSequenceStep(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  for (let i = 0; i < 4; i++) await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("heading", { level: 2, name: "Email Sequence" }).waitFor();
}

const emailStep = (page: Page, n: number) => page.getByRole("group", { name: `Email ${n}`, exact: true });
const subjectOf = (step: Locator) => step.getByLabel("Subject", { exact: true });
const plainBodyOf = (step: Locator) => step.getByRole("textbox", { name: "Body" });
const richBodyOf = (page: Page, n: number) => emailStep(page, n).getByRole("textbox", { name: `Email ${n} body` });
const previewOf = (page: Page, n: number) => page.getByRole("region", { name: `Email ${n} preview` });
const library = (page: Page) => page.getByRole("region", { name: "Template Library" });

/** Selects the last `count` characters before the cursor in the focused editor. */
async function selectBack(page: Page, count: number) {
  for (let i = 0; i < count; i++) await page.keyboard.press("Shift+ArrowLeft");
}

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

const contactRows = [
  { email: "jane@acme.test", first_name: "Jane", last_name: "Doe", company: "Acme", job_title: "CTO" },
  { email: "sam@globex.test", first_name: "Sam", last_name: "", company: "Globex", job_title: "" },
];

/**
 * Puts a draft with uploaded contacts where the wizard keeps it (IndexedDB,
 * idb-keyval's default store, the wizard's version-1 record) and reloads, so
 * step 5 opens with contacts without going through the upload step.
 */
async function seedDraftWithContacts(page: Page, baseUrl: string, email: string, sequence?: unknown[]) {
  const [row] = await browserDb.select({ id: users.id }).from(users).where(eq(users.email, email));
  const draft = {
    name: "Spring outreach",
    description: "",
    senderAccounts: [],
    contacts: contactRows,
    importedFields: ["email", "first_name", "last_name", "company", "job_title"],
    fileName: "contacts.csv",
    emailColumn: "email",
    removedDuplicates: [],
    selectedColumns: ["email", "first_name", "last_name", "company", "job_title"],
    sequence: [
      {
        id: "seed-1",
        subject: "Quick question, {{firstName}}",
        body: "Hi {{firstName}},\n\nHow is {{company}} handling outreach? As {{job_title}} you may know.",
        bodyFormat: "text",
        delay: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
      },
      {
        id: "seed-2",
        subject: "Re: Quick question, {{firstName}}",
        body: '<p>Hi {{firstName}},</p><p>Just <strong>following up</strong> — here is <a href="https://acme.test">our guide</a>.</p><ul><li><p>Short</p></li><li><p>Useful</p></li></ul>',
        bodyFormat: "html",
        delay: 3,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
      },
    ],
  };
  const record = {
    version: 1,
    draft: sequence ? { ...draft, sequence } : draft,
    stepIndex: 4,
    savedAt: new Date().toISOString(),
  };
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  await storeDraft(page, row!.id, record);
  await page.reload();
  await page.getByRole("heading", { level: 2, name: "Email Sequence" }).waitFor();
}

let browserDb: AppServer["database"]["db"];

describeJourneys("email sequence (wizard step 5)", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
    browserDb = app.database.db;
  });
  afterAll(async () => {
    await app?.close();
  });

  it("writes two steps, formats rich text, saves a template, loads it into a fresh sequence and deletes it", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "sequence");
    await openSequenceStep(page, app.baseUrl);

    // Step 1, plain text, with merge tags written two ways.
    const first = emailStep(page, 1);
    await subjectOf(first).fill("Hi {{firstName}}");
    await plainBodyOf(first).fill("Hello {{ first_name }},\n\nA quick question for {{company}}.");
    await eventually(() => previewOf(page, 1).getByTestId("preview-subject").textContent()).toBe("Hi [firstName]");
    expect(await previewOf(page, 1).getByTestId("preview-body").textContent()).toBe(
      "Hello [first_name],\n\nA quick question for [company].",
    );
    // With no contacts the preview picker says so.
    await page.getByText("No contacts uploaded").waitFor();
    // The first email has no timing; it goes out at launch.
    expect(await first.getByText("When to send").count()).toBe(0);

    // Step 2: a merge tag from the menu, a delay, an unknown tag warning.
    await page.getByRole("button", { name: "Add Email Step" }).click();
    const second = emailStep(page, 2);
    // A new follow-up waits 2 days, not 0 ("right after the previous email").
    expect(await second.getByLabel("Send after").inputValue()).toBe("2");
    expect(await second.getByRole("combobox", { name: "Delay unit" }).textContent()).toBe("Days");
    await subjectOf(second).fill("Following up, ");
    await second.getByRole("button", { name: "Insert merge tag" }).click();
    await page.getByRole("menuitem", { name: "{{firstName}}" }).click();
    await eventually(() => subjectOf(second).inputValue()).toBe("Following up, {{firstName}}");
    await plainBodyOf(second).fill("Did you see my note? Details on {{website}}");
    await second.getByLabel("Send after").fill("3");
    await second.getByText("Unknown merge tag: {{website}}").waitFor();

    // Rich text: the paragraph survives the switch; make a word bold and add a link.
    await second.getByRole("radio", { name: "Rich text" }).click();
    const rich = richBodyOf(page, 2);
    await eventually(() => rich.textContent()).toBe("Did you see my note? Details on {{website}}");
    await rich.click();
    await page.keyboard.press("Control+End");
    await page.keyboard.type(" Thanks");
    await selectBack(page, 6);
    await second.getByRole("button", { name: "Bold" }).click();
    await rich.locator("strong", { hasText: "Thanks" }).waitFor();
    await second.getByRole("combobox", { name: "Font size" }).click();
    await page.getByRole("option", { name: "18px" }).click();
    await rich.locator('span[style*="font-size: 18px"]', { hasText: "Thanks" }).waitFor();
    await rich.click();
    await page.keyboard.press("End");
    await page.keyboard.type(" our site");
    await selectBack(page, 8);
    await second.getByRole("button", { name: "Link" }).click();
    await page.getByLabel("Link URL").fill("acme.test/pricing");
    await page.getByRole("button", { name: "Apply" }).click();
    await rich.locator('a[href="https://acme.test/pricing"]', { hasText: "our site" }).waitFor();
    // The quick preview renders the formatting and the [tag] placeholders.
    await previewOf(page, 2).locator("strong", { hasText: "Thanks" }).waitFor();
    await previewOf(page, 2).locator('a[href="https://acme.test/pricing"]').waitFor();
    expect(await previewOf(page, 2).getByTestId("preview-subject").textContent()).toBe("Following up, [firstName]");

    // Preview Mode: the whole sequence instead of the editors.
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    const sequencePreview = page.getByRole("list", { name: "Sequence preview" });
    await sequencePreview.getByText("Sent when the campaign launches").waitFor();
    await sequencePreview.getByText("Sent 3 days after the previous email").waitFor();
    await sequencePreview.getByText("Hi [firstName]").waitFor();
    expect(await page.getByRole("textbox", { name: "Email 2 body" }).count()).toBe(0);
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    await rich.waitFor();
    expect(await page.locator('[aria-label="Sequence summary"] dd').allTextContents()).toEqual(["2", "Stop on reply"]);

    // A follow-up can go out on a date instead: today at the earliest, 09:00 unless changed.
    await second.getByRole("radio", { name: "On a specific date" }).click();
    const date = second.getByLabel("Send on");
    const today = await date.getAttribute("min");
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await date.inputValue()).toBe(today);
    expect(await second.getByLabel("Time").inputValue()).toBe("09:00");
    await second.getByRole("radio", { name: "After a delay" }).click();
    expect(await second.getByLabel("Send after").inputValue()).toBe("3");

    // An A/B variant of step 2, saved with the template.
    await second.getByRole("button", { name: "Add variant to Email 2" }).click();
    await second.getByLabel("Email 2 variant B subject").fill("Still there, {{firstName}}?");

    // Save as Template: the name is required; tags are trimmed and not repeated.
    await page.getByRole("button", { name: "Templates" }).click();
    await library(page).getByText("No templates yet").waitFor();
    await library(page).getByRole("button", { name: "Save as Template" }).click();
    const saveDialog = page.getByRole("dialog", { name: "Save as Template" });
    await saveDialog.getByRole("button", { name: "Save Template" }).click();
    await saveDialog.getByText("Template name is required").waitFor();
    await saveDialog.getByLabel("Name *").fill("Intro sequence");
    await saveDialog.getByLabel("Description").fill("Two-touch intro");
    await saveDialog.getByLabel("Tags").fill(" sales, follow-up ,sales");
    await saveDialog.getByRole("button", { name: "Save Template" }).click();
    await toast(page, "Email template saved successfully").waitFor();
    await saveDialog.waitFor({ state: "hidden" });
    const card = library(page).getByRole("article", { name: "Intro sequence" });
    await card.getByText("2 steps").waitFor();
    expect(await card.getByRole("list", { name: "Tags" }).getByRole("listitem").allTextContents()).toEqual([
      "sales",
      "follow-up",
    ]);

    // A fresh sequence: remove step 2 and clear step 1.
    await second.getByRole("button", { name: "Remove Email 2" }).click();
    await subjectOf(first).fill("");
    await plainBodyOf(first).fill("");
    expect(await emailStep(page, 2).count()).toBe(0);
    // The only step cannot be removed.
    expect(await first.getByRole("button", { name: /^Remove/ }).count()).toBe(0);

    // Use Template brings both steps back, as they were saved.
    await card.getByRole("button", { name: "Use Template" }).click();
    await toast(page, "Template Loaded").waitFor();
    await eventually(() => subjectOf(emailStep(page, 1)).inputValue()).toBe("Hi {{firstName}}");
    expect(await plainBodyOf(emailStep(page, 1)).inputValue()).toBe(
      "Hello {{ first_name }},\n\nA quick question for {{company}}.",
    );
    expect(await subjectOf(emailStep(page, 2)).inputValue()).toBe("Following up, {{firstName}}");
    expect(await emailStep(page, 2).getByLabel("Send after").inputValue()).toBe("3");
    expect(await emailStep(page, 2).getByLabel("Email 2 variant B subject").inputValue()).toBe(
      "Still there, {{firstName}}?",
    );
    await richBodyOf(page, 2).locator("strong", { hasText: "Thanks" }).waitFor();
    await richBodyOf(page, 2).locator('a[href="https://acme.test/pricing"]').waitFor();

    // Preview shows each step of the template.
    await card.getByRole("button", { name: "Preview" }).click();
    const previewDialog = page.getByRole("dialog", { name: "Intro sequence" });
    await previewDialog.getByText("Email 2").waitFor();
    await previewDialog.getByText("Following up, {{firstName}}").waitFor();
    await page.keyboard.press("Escape");
    await previewDialog.waitFor({ state: "hidden" });

    // Delete asks first, then really deletes.
    await card.getByRole("button", { name: "Delete template Intro sequence" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await toast(page, "Template deleted").waitFor();
    await library(page).getByText("No templates yet").waitFor();
    const rows = await app.database.db.select().from(emailTemplates);
    expect(rows).toEqual([]);
  });

  it("finds templates by search and tag, and refuses one whose data is corrupted", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "templates");
    const userId = (await app.database.db.query.user.findFirst({
      where: (u, { like }) => like(u.email, "templates-%"),
      orderBy: (u, { desc }) => [desc(u.createdAt)],
    }))!.id;
    const step = {
      subject: "Hello",
      body: "Hi",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    };
    await app.database.db.insert(emailTemplates).values([
      { userId, name: "Webinar invite", tags: ["events"], templateData: { sequence: [step] } },
      { userId, name: "Cold intro", description: "For CTOs", tags: ["sales"], templateData: { sequence: [step] } },
      { userId, name: "Broken one", tags: [], templateData: { nonsense: true } },
    ]);

    await openSequenceStep(page, app.baseUrl);
    await page.getByRole("button", { name: "Templates" }).click();
    const cards = library(page).getByRole("article");
    await eventually(() => cards.count()).toBe(3);

    await library(page).getByLabel("Search templates").fill("ctos");
    await eventually(() => cards.allInnerTexts().then((t) => t.map((s) => s.split("\n")[0]))).toEqual(["Cold intro"]);
    await library(page).getByLabel("Search templates").fill("");
    await eventually(() => cards.count()).toBe(3);

    await library(page).getByRole("combobox", { name: "Filter by tag" }).click();
    await page.getByRole("option", { name: "events" }).click();
    await eventually(() => cards.count()).toBe(1);
    await library(page).getByRole("article", { name: "Webinar invite" }).waitFor();
    await library(page).getByRole("combobox", { name: "Filter by tag" }).click();
    await page.getByRole("option", { name: "All tags" }).click();
    await eventually(() => cards.count()).toBe(3);

    await library(page)
      .getByRole("article", { name: "Broken one" })
      .getByRole("button", { name: "Use Template" })
      .click();
    await toast(page, "Template data is corrupted or incomplete").waitFor();
    // The sequence was left alone.
    expect(await subjectOf(emailStep(page, 1)).inputValue()).toBe("");
  });

  it("embeds images in rich text: only image files, at most 5 MB", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "images");
    await openSequenceStep(page, app.baseUrl);
    const first = emailStep(page, 1);
    await first.getByRole("radio", { name: "Rich text" }).click();
    await richBodyOf(page, 1).click();
    await page.keyboard.type("Our logo:");
    const fileInput = first.getByLabel("Image file");

    await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await toast(page, "Please select an image file").waitFor();

    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    await fileInput.setInputFiles({ name: "huge.png", mimeType: "image/png", buffer: big });
    await toast(page, "Please select an image smaller than 5MB").waitFor();

    // A 1×1 transparent PNG.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    );
    await fileInput.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: png });
    await toast(page, "Image uploaded").waitFor();
    const image = richBodyOf(page, 1).locator('img[src^="data:image/png;base64,"]');
    await image.waitFor();
    await previewOf(page, 1).locator('img[src^="data:image/png;base64,"]').waitFor();

    // Rich → plain keeps the words and drops the markup.
    await first.getByRole("radio", { name: "Plain text" }).click();
    await eventually(() => plainBodyOf(first).inputValue()).toBe("Our logo:\n\nlogo.png");
  });
  it("refuses a step heavier than 7 MB with its images: at the step, when inserting an image, and on Review", async () => {
    const { page } = browser;
    const account = await signedInUser(page, app.baseUrl, "heavy");
    // A 1×1 PNG padded to `bytes` (decoders stop at its end), as an embedded image.
    const png = Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=",
      "base64",
    );
    const padded = (bytes: number) => Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
    const withImage = (id: string, bytes: number) => ({
      id,
      subject: "Hello {{firstName}}",
      body: `<p>Hi {{firstName}}</p><p><img src="data:image/png;base64,${padded(bytes).toString("base64")}" alt="logo"></p>`,
      bodyFormat: "html",
      delay: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    });
    await seedDraftWithContacts(page, app.baseUrl, account.email, [
      withImage("light", 4_500_000),
      withImage("heavy", 7_500_000),
    ]);
    const limit = "a step can be at most 7 MB with its images.";
    await emailStep(page, 2).getByRole("alert").getByText(`Step 2's message is 7.6 MB; ${limit}`).waitFor();
    expect(await emailStep(page, 1).getByText(limit, { exact: false }).count()).toBe(0);

    // Another 3 MB image would take step 1 over the limit: refused, the body unchanged.
    await richBodyOf(page, 1).locator("img").waitFor();
    await richBodyOf(page, 1).click();
    await emailStep(page, 1)
      .getByLabel("Image file")
      .setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: padded(3_000_000) });
    await toast(page, `With this image the message would be 7.6 MB; ${limit} Use a smaller image.`).waitFor();
    expect(await richBodyOf(page, 1).locator("img").count()).toBe(1);

    await page.getByRole("button", { name: "Review & Launch" }).click();
    await page.getByText("Issues Found").waitFor();
    await page.getByText(`Step 2's message is 7.6 MB; ${limit}`, { exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Launch Campaign" }).isDisabled()).toBe(true);
  });

  it("fills the previews from the chosen contact, of the first uploaded ones", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "contacts");
    await seedDraftWithContacts(page, app.baseUrl, user.email);

    await eventually(() => previewOf(page, 1).getByTestId("preview-subject").textContent()).toBe(
      "Quick question, Jane",
    );
    expect(await previewOf(page, 1).getByTestId("preview-body").textContent()).toBe(
      "Hi Jane,\n\nHow is Acme handling outreach? As CTO you may know.",
    );
    // Every selected column is offered as a merge tag, then the personal booking link.
    await emailStep(page, 1).getByRole("button", { name: "Insert merge tag" }).click();
    expect(await page.getByRole("menuitem").allTextContents()).toEqual([
      "{{firstName}}",
      "{{lastName}}",
      "{{email}}",
      "{{company}}",
      "{{job_title}}",
      "{{bookingLink}}",
    ]);
    await page.keyboard.press("Escape");

    // Another contact: a missing value shows as [tagName].
    await page.getByRole("combobox", { name: "Preview as" }).click();
    await page.getByRole("option", { name: "Sam (sam@globex.test)" }).click();
    await eventually(() => previewOf(page, 1).getByTestId("preview-body").textContent()).toBe(
      "Hi Sam,\n\nHow is Globex handling outreach? As [job_title] you may know.",
    );
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    await page.getByRole("list", { name: "Sequence preview" }).getByText("Re: Quick question, Sam").waitFor();
  });

  it("shows a broken step of a restored draft as corrupted instead of failing", async () => {
    const { page } = browser;
    const user = await signedInUser(page, app.baseUrl, "corrupted");
    const good = {
      id: "ok-1",
      subject: "Hello {{firstName}}",
      body: "Hi",
      bodyFormat: "text",
      delay: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    };
    await seedDraftWithContacts(page, app.baseUrl, user.email, [
      good,
      // Readable as text but not a valid step (an unknown unit, a delay that is not a number).
      { ...good, id: "bad", delay: "soon", delayUnit: "weeks" },
    ]);

    await page.getByText("Email step 2 data is corrupted").waitFor();
    await eventually(() => previewOf(page, 1).getByTestId("preview-subject").textContent()).toBe("Hello Jane");
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    const preview = page.getByRole("list", { name: "Sequence preview" });
    await preview.getByText("Email step 2 data is corrupted").waitFor();
    await preview.getByText("Hello Jane").waitFor();
    await page.getByRole("switch", { name: "Preview Mode" }).click();

    // The broken step can be replaced with an empty one and written again.
    await page.getByRole("button", { name: "Replace with an empty step" }).click();
    await subjectOf(emailStep(page, 2)).fill("Second try");
    expect(await page.getByText("Email step 2 data is corrupted").count()).toBe(0);
  });

  it.skipIf(!shotsDir)("screenshots of step 5 with two steps and the template library, light and dark", async () => {
    const { page } = browser;
    mkdirSync(shotsDir!, { recursive: true });
    const user = await signedInUser(page, app.baseUrl, "shots");
    const userId = (await browserDb.select({ id: users.id }).from(users).where(eq(users.email, user.email)))[0]!.id;
    const step = {
      subject: "Hello {{firstName}}",
      body: "Hi",
      bodyFormat: "text",
      delayAmount: 0,
      delayUnit: "days",
      scheduledDate: null,
      scheduledTime: null,
    };
    await browserDb.insert(emailTemplates).values([
      {
        userId,
        name: "SaaS founder intro",
        description: "Three touches for technical founders",
        tags: ["sales", "founders"],
        templateData: { sequence: [step, step, step] },
      },
      { userId, name: "Webinar invite", tags: ["events"], templateData: { sequence: [step] } },
    ]);
    await seedDraftWithContacts(page, app.baseUrl, user.email);
    await page.getByRole("button", { name: "Templates" }).click();
    await library(page).getByRole("article", { name: "Webinar invite" }).waitFor();
    await page.setViewportSize({ width: 1280, height: 2300 });
    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await page.waitForTimeout(400);
      await page.screenshot({ path: join(shotsDir!, `sequence-step-${scheme}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await emailStep(page, 1).getByRole("button", { name: "Insert merge tag" }).click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(shotsDir!, "sequence-merge-tag-menu-dark.png") });
    await page.keyboard.press("Escape");
    await library(page)
      .getByRole("article", { name: "SaaS founder intro" })
      .getByRole("button", { name: "Preview" })
      .click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shotsDir!, "sequence-template-preview-dark.png") });
    await page.keyboard.press("Escape");
    await library(page).getByRole("button", { name: "Save as Template" }).click();
    await page.getByRole("dialog", { name: "Save as Template" }).getByRole("button", { name: "Save Template" }).click();
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shotsDir!, "sequence-save-template-dark.png") });
    await page.keyboard.press("Escape");
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    await page.setViewportSize({ width: 1280, height: 1500 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shotsDir!, "sequence-preview-mode-dark.png") });
    await page.getByRole("switch", { name: "Preview Mode" }).click();
    await page.setViewportSize({ width: 390, height: 2600 });
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(shotsDir!, "sequence-step-phone-dark.png") });
  });
});
