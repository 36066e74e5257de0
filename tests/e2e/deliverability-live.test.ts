// Deliverability over the real verification routes and a real DNS server
// (tests/support/dns-server.ts; the app's DNS_SERVERS points at it): a typo
// suggested and applied, an address whose domain has no mail host, disposable
// ones, the cards moving, and the domain health section on the page.
// (deliverability.test.ts drives every state of the screen with answers shaped
// like the API; this journey is the whole path.)
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../support/dns-server.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const statValue = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Verification statistics"]')
    .getByText(label, { exact: true })
    .locator("xpath=following-sibling::dd")
    .textContent();

describeJourneys("deliverability (real verification routes)", () => {
  const browser = useBrowser();
  let dns: DnsServer;
  let app: AppServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      "gmail.com": { MX: [{ exchange: "mx.gmail.com", priority: 5 }] },
      "mx.gmail.com": { A: ["192.0.2.10"] },
      "prospect.test": { MX: [{ exchange: "mx.prospect.test", priority: 10 }] },
      "mx.prospect.test": { A: ["192.0.2.20"] },
    });
    app = await startAppServer({ DNS_SERVERS: dns.servers.join(",") });
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("verifies through DNS: a typo applied, no mail host, disposable, and the cards moving", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "live-verify");
    await page.goto(`${app.baseUrl}/delivery`);
    await page.getByRole("heading", { level: 1, name: "Deliverability" }).waitFor();
    await page.getByText("Domain health", { exact: true }).first().waitFor();

    const input = page.getByLabel("Email address", { exact: true });
    await input.fill("ana@gmial.com");
    await page.getByRole("button", { name: "Verify", exact: true }).click();
    const result = page.getByRole("status", { name: "Verification result" });
    await result.getByText("Did you mean ana@gmail.com?").waitFor();
    // mailchecker's list has gmial.com among the disposable domains.
    await toast(page, "Email verified: disposable").waitFor();
    await result.getByRole("button", { name: "Use ana@gmail.com" }).click();
    await result.getByText("ana@gmail.com", { exact: true }).waitFor();
    await result.getByText("Valid", { exact: true }).first().waitFor();

    await page
      .getByLabel("Email addresses", { exact: true })
      .fill(["lee@prospect.test", "nobody@nomail.test", "temp@mailinator.com"].join("\n"));
    await page.getByRole("button", { name: "Verify All" }).click();
    await toast(page, "Verified 3 emails").waitFor();

    await eventually(() => statValue(page, "Total Verified")).toBe("5");
    // Valid = can exist (disposable addresses can); Deliverable leaves out disposable and invalid ones.
    expect(await statValue(page, "Valid Emails")).toBe("4");
    expect(await statValue(page, "Deliverable")).toBe("2");
    expect(await statValue(page, "Invalid/Risky")).toBe("3");
    const table = page.getByRole("table", { name: "Verification Results" });
    for (const email of ["lee@prospect.test", "nobody@nomail.test", "temp@mailinator.com", "ana@gmial.com"]) {
      await table.getByText(email, { exact: true }).waitFor();
    }

    // A CSV file: stored, read back, its addresses verified; one without any address is refused.
    browser.allowConsoleError(/\/api\/verification\/csv.*status of 400/, "the file without addresses is refused");
    const file = page.getByLabel("CSV file", { exact: true });
    const upload = page.getByRole("button", { name: "Upload and Verify" });
    await file.setInputFiles({ name: "names.csv", mimeType: "text/csv", buffer: Buffer.from("name\nAna\n") });
    await upload.click();
    await page.getByRole("alert").filter({ hasText: "No emails to verify" }).waitFor();
    const csv = "email,name\nkim@prospect.test,Kim\nnobody2@nomail.test,X\ninfo@prospect.test,Info\n";
    await file.setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await upload.click();
    await page.getByRole("status").filter({ hasText: "Found 3 valid email(s) in CSV" }).waitFor();
    await table.getByRole("row").filter({ hasText: "info@prospect.test" }).getByText("Role account").waitFor();
    await eventually(() => statValue(page, "Total Verified")).toBe("8");
    expect(await statValue(page, "Invalid/Risky")).toBe("4");
  });
});
