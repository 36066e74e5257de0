// Cross-site request forgery: state-changing requests from a page outside
// the app are refused; requests from the app, and from no page at all (curl,
// integrations), go through; one-click unsubscribe stays open to mail clients.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCampaign } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../tests/support/test-app.ts";
import { campaigns } from "../db/schema/index.ts";
import { signToken } from "../mail/tokens.ts";

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ cookie } = await ctx.signUpVerified("csrf-owner@example.com"));
});
afterAll(() => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

async function campaignStatus(id: string) {
  const [row] = await ctx.database.db.select({ status: campaigns.status }).from(campaigns).where(eq(campaigns.id, id));
  return row?.status;
}

describe("a state-changing request from another site", () => {
  it("cannot launch a campaign with a body-less text/plain POST", async () => {
    const campaign = await createCampaign(ctx, cookie, { name: "Forgery target" });
    const res = await ctx.request(`/api/campaigns/${campaign.campaign.id}/launch`, {
      method: "POST",
      cookie,
      headers: { origin: "http://evil.example", "content-type": "text/plain" },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorJson).error.code).toBe("forbidden");
    expect(await campaignStatus(campaign.campaign.id)).toBe("draft");
  });

  it("is refused for every method and on every path, judged by Referer when there is no Origin", async () => {
    const forged: [string, string, Record<string, string>][] = [
      ["PUT", "/api/settings", { origin: "https://evil.example" }],
      ["PATCH", "/api/settings", { origin: "null" }],
      ["DELETE", "/api/senders/00000000-0000-0000-0000-000000000000", { origin: "http://localhost:3000.evil.example" }],
      ["POST", "/api/campaigns", { origin: "", referer: "https://evil.example/page" }],
      ["POST", "/api/templates", { referer: "https://evil.example/page" }],
      ["POST", "/api/templates", { referer: "not a url" }],
      ["POST", "/api/auth/sign-out", { origin: "https://evil.example" }],
    ];
    for (const [method, path, headers] of forged) {
      const res = await ctx.app.request(`${TEST_ORIGIN}${path}`, {
        method,
        headers: { cookie, "content-type": "application/json", ...headers },
        body: "{}",
      });
      expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(403);
    }
  });
});

describe("requests that go through", () => {
  it("from the app's own origin, or from its pages by Referer", async () => {
    const campaign = await createCampaign(ctx, cookie, { name: "Own origin" });
    const fromApp = await ctx.app.request(`${TEST_ORIGIN}/api/campaigns/${campaign.campaign.id}`, {
      method: "DELETE",
      headers: { cookie, origin: TEST_ORIGIN },
    });
    expect(fromApp.status).toBe(204);
    const byReferer = await ctx.app.request(`${TEST_ORIGIN}/api/settings/theme`, {
      method: "PUT",
      headers: { cookie, referer: `${TEST_ORIGIN}/settings`, "content-type": "application/json" },
      body: JSON.stringify({ themeMode: "dark" }),
    });
    expect(byReferer.status).toBe(200);
  });

  it("from no page at all (curl, an integration): no Origin, no Referer", async () => {
    const campaign = await createCampaign(ctx, cookie, { name: "From a script" });
    const res = await ctx.app.request(`${TEST_ORIGIN}/api/campaigns/${campaign.campaign.id}`, {
      method: "DELETE",
      headers: { cookie },
    });
    expect(res.status).toBe(204);
  });

  it("from TRUSTED_ORIGINS", async () => {
    const withAdmin = await createTestContext({ TRUSTED_ORIGINS: "https://admin.example.com" }, ctx.database);
    try {
      const res = await withAdmin.app.request(`${TEST_ORIGIN}/api/campaigns/00000000-0000-0000-0000-000000000000`, {
        method: "DELETE",
        headers: { cookie, origin: "https://admin.example.com" },
      });
      expect(res.status).toBe(404);
    } finally {
      await withAdmin.close();
    }
  });

  it("safe methods, whatever their origin", async () => {
    const res = await ctx.app.request(`${TEST_ORIGIN}/api/settings`, {
      headers: { cookie, origin: "https://evil.example" },
    });
    expect(res.status).toBe(200);
  });

  it("RFC 8058 one-click unsubscribe, posted by a mailbox provider or by our page (Origin null)", async () => {
    const token = signToken(ctx.config.appSecret, "unsubscribe", "00000000-0000-0000-0000-000000000000");
    for (const origin of ["https://mail.provider.example", "null"]) {
      const res = await ctx.app.request(`${TEST_ORIGIN}/u/${token}`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      // The token names no send: the unsubscribe handler answered, not the origin check.
      expect(res.status, origin).toBe(404);
      expect(await res.text()).toContain("This unsubscribe link is not valid.");
    }
  });
});
