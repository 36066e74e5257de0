// Deliverability (docs/product.md §13) and "Verify
// contacts" in the wizard's Detect Emails step.
//
// Every state of the screen needs verdicts on demand (valid, invalid,
// disposable, a typo, a role account, 100 at once), so the /api/verification
// requests here are answered by `fakeVerificationApi` (page.route), shaped
// exactly like the contract (src/shared/verification/verification.schemas.ts);
// the rest of the app is real. deliverability-live.test.ts takes the whole
// path through the real routes and a DNS server; verification.test.ts produces
// every result class through the routes.
import type { Page, Route } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { VerificationResult } from "../../src/shared/db-enums.ts";
import type { Verification, VerificationStats } from "../../src/shared/verification/verification.schemas.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

/** The fake's verdicts: words in the address decide (no DNS in a browser test). */
function verdict(
  email: string,
): Pick<Verification, "result" | "isValid" | "isDeliverable" | "suggestedCorrection" | "flags"> {
  const base = { suggestedCorrection: null, flags: [] as string[] };
  const result: VerificationResult = email.includes("invalid")
    ? "invalid"
    : email.endsWith("@mailinator.com")
      ? "disposable"
      : "valid";
  if (email.endsWith("@gmial.com"))
    return {
      ...base,
      result: "valid",
      isValid: true,
      isDeliverable: false,
      suggestedCorrection: email.replace("gmial", "gmail"),
      flags: ["typo_suggested"],
    };
  if (email.startsWith("info@"))
    return { ...base, result, isValid: true, isDeliverable: true, flags: ["role_account"] };
  if (result === "disposable") return { ...base, result, isValid: true, isDeliverable: false, flags: ["disposable"] };
  return { ...base, result, isValid: result === "valid", isDeliverable: result === "valid" };
}

type FakeApi = { calls: { path: string; body: unknown }[]; history: Verification[] };

/** Answers /api/verification/* like the contract says, keeping a history newest first. */
async function fakeVerificationApi(page: Page): Promise<FakeApi> {
  const fake: FakeApi = { calls: [], history: [] };
  const record = (email: string): Verification => {
    const v: Verification = {
      id: crypto.randomUUID(),
      email,
      verifiedAt: new Date().toISOString(),
      executionTimeMs: 3,
      ...verdict(email),
    };
    fake.history.unshift(v);
    return v;
  };
  const stats = (): VerificationStats => {
    const all = fake.history;
    const deliverable = all.filter((v) => v.isDeliverable).length;
    return {
      totalVerified: all.length,
      valid: all.filter((v) => v.result === "valid").length,
      deliverable,
      invalidOrRisky: all.filter((v) => v.result === "invalid" || v.result === "disposable").length,
      deliverabilityRate: all.length ? Math.round((deliverable / all.length) * 1000) / 10 : 0,
    };
  };
  const json = (route: Route, body: unknown, status = 200) =>
    route.fulfill({ status, contentType: "application/json", body: JSON.stringify(body) });

  await page.route(
    (url) => url.pathname.startsWith("/api/verification"),
    async (route) => {
      const request = route.request();
      const path = new URL(request.url()).pathname.replace("/api/verification", "") || "/";
      const method = request.method();
      if (method === "GET" && path === "/") return json(route, { results: fake.history.slice(0, 100) });
      if (method === "GET" && path === "/stats") return json(route, stats());
      if (method === "POST" && path === "/verify") {
        const body = request.postDataJSON() as { email: string };
        fake.calls.push({ path, body });
        return json(route, record(body.email));
      }
      if (method === "POST" && path === "/bulk") {
        const body = request.postDataJSON() as { emails: string[] };
        fake.calls.push({ path, body });
        if (body.emails.length > 100)
          return json(
            route,
            { error: { code: "validation_failed", message: "Please limit bulk verification to 100 emails at a time" } },
            400,
          );
        return json(route, { results: body.emails.map(record) });
      }
      if (method === "POST" && path === "/csv") {
        const text = request.postDataBuffer()?.toString("utf8") ?? "";
        fake.calls.push({ path, body: text });
        if (!text.includes("email"))
          return json(route, { error: { code: "validation_failed", message: "No emails to verify" } }, 400);
        const emails = [...new Set(text.match(/[\w.+-]+@[\w.-]+\.\w+/g) ?? [])];
        return json(route, { results: emails.map(record) });
      }
      return json(route, { error: { code: "not_found", message: "Not found" } }, 404);
    },
  );
  return fake;
}

/** The figure under a stats card's label. */
const statValue = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Verification statistics"]')
    .getByText(label, { exact: true })
    .locator("xpath=following-sibling::dd")
    .textContent();

async function openDelivery(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/delivery`);
  await page.getByRole("heading", { level: 1, name: "Deliverability" }).waitFor();
  await page.getByText("Total Verified", { exact: true }).waitFor();
}

describeJourneys("deliverability", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("verifies one address: the empty message, the verdict, a suggested correction applied, the cards moving", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "single");
    const fake = await fakeVerificationApi(page);
    await openDelivery(page, app.baseUrl);
    await page.getByText("No verifications yet. Verify an address to see it here.").waitFor();
    expect(await statValue(page, "Total Verified")).toBe("0");

    const input = page.getByLabel("Email address", { exact: true });
    const verify = page.getByRole("button", { name: "Verify", exact: true });
    await verify.click();
    await page.getByRole("alert").filter({ hasText: "Please enter an email address" }).waitFor();
    expect(fake.calls).toEqual([]);

    await input.fill("  ana@gmial.com ");
    await verify.click();
    const result = page.getByRole("status", { name: "Verification result" });
    await result.getByText("Did you mean ana@gmail.com?").waitFor();
    await result.getByText("Possible typo").waitFor();
    await toast(page, "Email verified: valid").waitFor();
    expect(fake.calls[0]).toEqual({ path: "/verify", body: { email: "ana@gmial.com" } });

    await result.getByRole("button", { name: "Use ana@gmail.com" }).click();
    await result.getByText("ana@gmail.com", { exact: true }).waitFor();
    expect(await input.inputValue()).toBe("ana@gmail.com");
    await result.getByText("Valid", { exact: true }).first().waitFor();

    await eventually(() => statValue(page, "Total Verified")).toBe("2");
    expect(await statValue(page, "Deliverable")).toBe("1");
    await page.getByText("50%", { exact: true }).waitFor();
    await page.getByRole("list", { name: "Recent Verifications" }).getByText("ana@gmail.com").waitFor();

    // The history is the server's: a reload shows it again.
    await openDelivery(page, app.baseUrl);
    await page.getByRole("table", { name: "Verification Results" }).getByText("ana@gmial.com").waitFor();
    expect(await statValue(page, "Total Verified")).toBe("2");
  });

  it("verifies a list: lines without @ dropped, none left, over 100 refused, 100 verified", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "bulk");
    const fake = await fakeVerificationApi(page);
    await openDelivery(page, app.baseUrl);
    const box = page.getByLabel("Email addresses", { exact: true });
    const verifyAll = page.getByRole("button", { name: "Verify All" });

    await box.fill("hello\n\nnobody here");
    await verifyAll.click();
    await page.getByRole("alert").filter({ hasText: "Please enter valid email addresses" }).waitFor();

    const many = Array.from({ length: 101 }, (_, i) => `person${i}@example.com`);
    await box.fill(many.join("\n"));
    await verifyAll.click();
    await page
      .getByRole("alert")
      .filter({ hasText: "Please limit bulk verification to 100 emails at a time" })
      .waitFor();
    expect(fake.calls).toEqual([]);

    await box.fill(["  invalid@example.com", "not an address", "temp@mailinator.com", ...many.slice(0, 98)].join("\n"));
    await verifyAll.click();
    await page.getByRole("status").filter({ hasText: "Verified 100 emails" }).waitFor();
    await toast(page, "Verified 100 emails").waitFor();
    expect(fake.calls).toHaveLength(1);
    expect((fake.calls[0]?.body as { emails: string[] } | undefined)?.emails.slice(0, 2)).toEqual([
      "invalid@example.com",
      "temp@mailinator.com",
    ]);

    await eventually(() => statValue(page, "Total Verified")).toBe("100");
    expect(await statValue(page, "Invalid/Risky")).toBe("2");
    expect(await statValue(page, "Valid Emails")).toBe("98");
    await page.getByText("98%", { exact: true }).waitFor();
    expect(await page.getByRole("list", { name: "Recent Verifications" }).getByRole("listitem").count()).toBe(10);
    expect(await page.getByRole("table", { name: "Verification Results" }).locator("tbody tr").count()).toBe(100);
  });

  it("verifies a CSV file: only .csv taken, the server's message shown, the addresses verified", async () => {
    const { page } = browser;
    browser.allowConsoleError(/\/api\/verification\/csv.*status of 400/, "the file without an email column is refused");
    await signedInUser(page, app.baseUrl, "csv");
    const fake = await fakeVerificationApi(page);
    await openDelivery(page, app.baseUrl);
    const file = page.getByLabel("CSV file", { exact: true });
    const upload = page.getByRole("button", { name: "Upload and Verify" });

    await file.setInputFiles({ name: "leads.txt", mimeType: "text/plain", buffer: Buffer.from("email\na@b.co\n") });
    await page.getByRole("alert").filter({ hasText: "Please upload a CSV file" }).waitFor();
    expect(await upload.isDisabled()).toBe(true);

    await file.setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("name\nAna\n") });
    await upload.click();
    await page.getByRole("alert").filter({ hasText: "No emails to verify" }).waitFor();
    await toast(page, "An error occurred during CSV email verification").waitFor();

    const csv = "email,name\nkim@example.com,Kim\ninvalid@example.com,X\ninfo@example.com,Info\n";
    await file.setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await upload.click();
    await page.getByRole("status").filter({ hasText: "Found 3 valid email(s) in CSV" }).waitFor();
    await toast(page, "Verified 3 emails").waitFor();
    expect(fake.calls.at(-1)?.path).toBe("/csv");
    const table = page.getByRole("table", { name: "Verification Results" });
    await table
      .getByRole("row")
      .filter({ hasText: "invalid@example.com" })
      .getByText("Invalid", { exact: true })
      .waitFor();
    await table.getByRole("row").filter({ hasText: "info@example.com" }).getByText("Role account").waitFor();
    await eventually(() => statValue(page, "Invalid/Risky")).toBe("1");
  });

  it("verifies the wizard's contacts and removes the invalid ones in one click", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "wizard");
    const fake = await fakeVerificationApi(page);
    await page.goto(`${app.baseUrl}/campaigns/create`);
    await page.getByLabel("Campaign Name *").fill("Verified launch");
    const next = page.getByRole("button", { name: "Next", exact: true });
    await next.click();
    await page.getByRole("heading", { name: "Email Sender Accounts" }).waitFor();
    await next.click();
    await page.getByRole("heading", { name: "Upload Contact List" }).waitFor();
    // 150 contacts: two requests of at most 100.
    const rows = [
      "email,first_name",
      "invalid.one@example.com,One",
      "throwaway@mailinator.com,Two",
      ...Array.from({ length: 148 }, (_, i) => `lead${i}@example.com,Lead${i}`),
    ];
    await page
      .getByLabel("Contact list file")
      .setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(rows.join("\n")) });
    await toast(page, "Contacts imported successfully").waitFor();
    await next.click();
    await page.getByRole("heading", { name: "Detect Emails" }).waitFor();
    await page.getByRole("button", { name: "Proceed to Email Sequence (150 contacts)" }).waitFor();

    await page.getByRole("button", { name: "Verify contacts" }).click();
    const invalid = page.getByRole("list", { name: "Invalid contacts" });
    await invalid
      .getByRole("listitem")
      .filter({ hasText: "invalid.one@example.com" })
      .getByText("Invalid", { exact: true })
      .waitFor();
    await invalid
      .getByRole("listitem")
      .filter({ hasText: "throwaway@mailinator.com" })
      .getByText("Disposable")
      .waitFor();
    await page.getByText("2 of 150 verified contacts are invalid or disposable.").waitFor();
    expect(fake.calls.map((c) => (c.body as { emails: string[] }).emails.length)).toEqual([100, 50]);

    await page.getByRole("button", { name: "Remove 2 invalid contacts" }).click();
    await page.getByRole("button", { name: "Proceed to Email Sequence (148 contacts)" }).waitFor();
    await page.getByText("All 148 verified contacts can be sent to.").waitFor();
  });

  it("verifies an edited campaign's contacts and removes the invalid ones through the contacts API", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "edit");
    const fake = await fakeVerificationApi(page);
    const created = await page.request.post(`${app.baseUrl}/api/campaigns`, {
      data: {
        name: "Edit verify",
        description: null,
        emailColumn: "email",
        senderAccounts: [{ email: "hello@acme.test", provider: "custom", dailyLimit: 50 }],
        contacts: ["invalid.x@example.com", "temp@mailinator.com", "keep@example.com"].map((email) => ({ email })),
        sequence: [
          {
            subject: "Hello",
            body: "Hi",
            bodyFormat: "text",
            delayAmount: 0,
            delayUnit: "days",
            scheduledDate: null,
            scheduledTime: null,
          },
        ],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const { campaign } = (await created.json()) as { campaign: { id: string } };

    await page.goto(`${app.baseUrl}/campaigns/edit/${campaign.id}`);
    await page.getByRole("tab", { name: /^Contacts/ }).click();
    const list = page.getByRole("list", { name: "Contacts", exact: true });
    await list.getByRole("listitem").filter({ hasText: "keep@example.com" }).waitFor();
    await page.getByRole("button", { name: "Verify contacts" }).click();
    await list
      .getByRole("listitem")
      .filter({ hasText: "invalid.x@example.com" })
      .getByText("Invalid", { exact: true })
      .waitFor();
    await list
      .getByRole("listitem")
      .filter({ hasText: "temp@mailinator.com" })
      .getByText("Disposable", { exact: true })
      .waitFor();
    expect((fake.calls[0]?.body as { emails: string[] } | undefined)?.emails.sort()).toEqual([
      "invalid.x@example.com",
      "keep@example.com",
      "temp@mailinator.com",
    ]);

    await page.getByRole("button", { name: "Remove 2 invalid contacts" }).click();
    await toast(page, "Removed 2 invalid contacts").waitFor();
    await eventually(() => list.getByRole("listitem").count()).toBe(1);
    const left = await page.request.get(`${app.baseUrl}/api/campaigns/${campaign.id}/contacts/addresses`);
    expect(((await left.json()) as { contacts: { email: string }[] }).contacts.map((c) => c.email)).toEqual([
      "keep@example.com",
    ]);
  });

  it.skipIf(!shotsDir)("screenshots of /delivery, light and dark", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "shots");
    await fakeVerificationApi(page);
    await page.setViewportSize({ width: 1280, height: 1600 });
    for (const scheme of ["light", "dark"] as const) {
      await page
        .getByRole("complementary")
        .getByTitle(scheme === "dark" ? "Dark" : "Light", { exact: true })
        .click();
      await openDelivery(page, app.baseUrl);
      if (scheme === "light") {
        await page
          .getByLabel("Email addresses", { exact: true })
          .fill(
            ["ana@example.com", "invalid@example.com", "temp@mailinator.com", "info@example.com", "bo@gmial.com"].join(
              "\n",
            ),
          );
        await page.getByRole("button", { name: "Verify All" }).click();
        await page.getByRole("status").filter({ hasText: "Verified 5 emails" }).waitFor();
        await page.getByLabel("Email address", { exact: true }).fill("bo@gmial.com");
        await page.getByRole("button", { name: "Verify", exact: true }).click();
        await page.getByText("Did you mean bo@gmail.com?").waitFor();
      } else {
        await page.getByRole("table", { name: "Verification Results" }).waitFor();
      }
      await eventually(() => statValue(page, "Total Verified")).toBe("6");
      await page.screenshot({ path: `${shotsDir}/delivery-${scheme}.png`, fullPage: true });
    }
  });
});
