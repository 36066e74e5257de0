// DKIM keys on the deliverability screen: a sender whose domain has no key;
// the user generates one (default selector), sees the exact TXT record, copies
// its value ('Copied'), checks DNS (the test's own DNS server has no record:
// 'Not found'), publishes it and checks again ('Found'), then deletes the key.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../support/dns-server.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, toast, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const shotsDir = process.env.E2E_SCREENSHOTS_DIR;

describeJourneys("DKIM keys", () => {
  const browser = useBrowser({ permissions: ["clipboard-read", "clipboard-write"] });
  let dns: DnsServer;
  let app: AppServer;

  beforeAll(async () => {
    dns = await startDnsServer({});
    app = await startAppServer({ DNS_SERVERS: dns.servers.join(",") });
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("generates a key for a sender domain, shows and copies its TXT record, checks DNS and deletes it", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "dkim-keys");
    const created = await page.request.post(`${app.baseUrl}/api/senders`, {
      data: {
        email: "me@keys.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "127.0.0.1", port: 587, security: "starttls", username: "me", password: "pw" },
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${app.baseUrl}/delivery`);
    const section = page.getByRole("region", { name: "DKIM key of keys.test" });
    await section.getByText("No key yet", { exact: false }).waitFor();
    expect(await section.getByLabel("Selector").inputValue()).toBe("coldreach");
    await section.getByRole("button", { name: "Generate DKIM key for keys.test" }).click();
    await toast(page, "DKIM key generated for keys.test").waitFor();

    await section.getByText("coldreach._domainkey.keys.test", { exact: true }).waitFor();
    const value = section.locator("code").filter({ hasText: /^v=DKIM1; k=rsa; p=/ });
    await value.waitFor();
    const record = (await value.textContent()) ?? "";
    expect(record).toMatch(/^v=DKIM1; k=rsa; p=[A-Za-z0-9+/]{300,}=*$/);
    await section.getByRole("button", { name: "Copy the record value for keys.test" }).click();
    await toast(page, "Copied").waitFor();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(record);
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/dkim-keys-generated.png`, fullPage: true });

    await section.getByRole("button", { name: "Check DNS for keys.test" }).click();
    await section.getByRole("status").getByText("Not found", { exact: true }).waitFor();
    await section.getByText("no DKIM record at coldreach._domainkey.keys.test yet", { exact: false }).waitFor();

    // The user publishes the record at their DNS host.
    dns.set("coldreach._domainkey.keys.test", { TXT: [record] });
    await section.getByRole("button", { name: "Check DNS for keys.test" }).click();
    await section.getByRole("status").getByText("Found", { exact: true }).waitFor();
    if (shotsDir) await page.screenshot({ path: `${shotsDir}/dkim-keys-found.png`, fullPage: true });

    await section.getByRole("button", { name: "Delete the DKIM key of keys.test" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Delete the DKIM key of keys.test?" });
    await dialog.getByRole("button", { name: "Delete" }).click();
    await toast(page, "DKIM key of keys.test deleted").waitFor();
    await section.getByRole("button", { name: "Generate DKIM key for keys.test" }).waitFor();
  });
});
