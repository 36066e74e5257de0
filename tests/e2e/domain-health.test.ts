// Domain health in the sender's panel: a sender whose domain is served by a
// DNS server of the test's own; the panel shows each check with its status and
// the record that fixes the failing one (copyable); once the record is
// published, Recheck shows it passing.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../support/dns-server.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const dkimKey = generateKeyPairSync("rsa", { modulusLength: 1024 })
  .publicKey.export({ type: "spki", format: "der" })
  .toString("base64");
const dmarcFix = "v=DMARC1; p=quarantine; rua=mailto:dmarc@journey.test";

describeJourneys("domain health", () => {
  const browser = useBrowser({ permissions: ["clipboard-read", "clipboard-write"] });
  let dns: DnsServer;
  let app: AppServer;

  beforeAll(async () => {
    dns = await startDnsServer({
      "journey.test": { MX: [{ exchange: "mx.journey.test", priority: 10 }], TXT: ["v=spf1 ip4:203.0.113.10 -all"] },
      "mail.journey.test": { A: ["203.0.113.10"] },
      "google._domainkey.journey.test": { TXT: [`v=DKIM1; k=rsa; p=${dkimKey}`] },
    });
    app = await startAppServer({ DNS_SERVERS: dns.servers.join(",") });
  });
  afterAll(async () => {
    await app?.close();
    await dns?.close();
  });

  it("shows the checks of a sender's domain with the fix record, and a pass after Recheck", async () => {
    const { page } = browser;
    await signedInUser(page, app.baseUrl, "domain-health");
    const created = await page.request.post(`${app.baseUrl}/api/senders`, {
      data: {
        email: "me@journey.test",
        provider: "custom",
        dailyLimit: 50,
        smtp: { host: "mail.journey.test", port: 587, security: "starttls", username: "me", password: "pw" },
      },
    });
    expect(created.status()).toBe(201);

    await page.goto(`${app.baseUrl}/senders`);
    const card = page.getByRole("listitem", { name: "me@journey.test" });
    const toggle = card.getByRole("button", { name: "Domain health of journey.test" });
    await toggle.click();
    await eventually(() => toggle.getAttribute("aria-expanded")).toBe("true");
    const panel = card.getByRole("region", { name: "Domain health of journey.test" });

    await panel.getByRole("listitem", { name: "MX (replies can arrive): Pass" }).waitFor();
    await panel.getByRole("listitem", { name: "SPF authorises your sending server: Pass" }).waitFor();
    await panel.getByRole("listitem", { name: "DKIM key: Pass" }).waitFor();
    const dmarc = panel.getByRole("listitem", { name: "DMARC record: Fail" });
    await dmarc.getByText("journey.test has no DMARC record", { exact: false }).waitFor();
    await dmarc.getByText("_dmarc.journey.test", { exact: true }).waitFor();
    await dmarc.getByText(dmarcFix, { exact: true }).waitFor();
    await dmarc.getByRole("button", { name: "Copy the record for _dmarc.journey.test" }).click();
    await dmarc.getByRole("button", { name: "Copy the record for _dmarc.journey.test" }).getByText("Copied").waitFor();
    expect(await page.evaluate("navigator.clipboard.readText()")).toBe(dmarcFix);

    // The user publishes the record; Recheck looks again.
    dns.set("_dmarc.journey.test", { TXT: [dmarcFix] });
    await panel.getByRole("button", { name: "Recheck journey.test" }).click();
    await panel.getByRole("listitem", { name: "DMARC record: Pass" }).waitFor();
    await panel.getByRole("listitem", { name: "DMARC policy: Pass" }).waitFor();
    await panel.getByRole("listitem", { name: "DMARC reports: Pass" }).waitFor();
    expect(await panel.getByText("Fail", { exact: true }).count()).toBe(0);
    expect(await panel.getByRole("button", { name: /^Copy the record/ }).count()).toBe(0);
  });
});
