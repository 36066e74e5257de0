import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSettings } from "#shared/settings/settings.constants.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { userSettings } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
  bob = await ctx.signUpVerified("bob@example.com");
});
afterAll(() => ctx?.close());

const changed = {
  ...defaultSettings,
  timezone: "Europe/Berlin",
  themeMode: "dark" as const,
  dailySendLimit: 120,
  sendTimeStart: "09:00",
  sendTimeEnd: "17:30",
  sendingDays: ["monday", "tuesday", "wednesday", "thursday", "friday"] as (
    | "monday"
    | "tuesday"
    | "wednesday"
    | "thursday"
    | "friday"
  )[],
  replyHandlingEnabled: false,
  fallbackMergeTags: { first_name: "friend", company: "your team", city: "your city" },
  defaultSignature: "Best,\nAlice",
  fromNameFormat: "company_team" as const,
  unsubscribeLinkEnabled: false,
  legalDisclaimer: "Acme Ltd, 1 Main St",
  campaignNotificationsEnabled: true,
  notificationEmail: "alerts@example.com",
  openNotificationsEnabled: true,
  trackOpens: false,
};

async function storedRowCount(userId: string) {
  const rows = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return rows.length;
}

describe("GET /api/settings", () => {
  it("needs a session", async () => {
    const res = await ctx.request("/api/settings");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "unauthorized", message: "You must be signed in" } });
  });

  it("creates the row with the spec's defaults on first read, once", async () => {
    const user = await ctx.signUpVerified("first-read@example.com");
    expect(await storedRowCount(user.userId)).toBe(0);
    const [a, b] = await Promise.all([
      ctx.request("/api/settings", { cookie: user.cookie }),
      ctx.request("/api/settings", { cookie: user.cookie }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect(await a.json()).toEqual(defaultSettings);
    expect(await storedRowCount(user.userId)).toBe(1);
  });
});

describe("PUT /api/settings", () => {
  it("stores every field, including timezone, window and days", async () => {
    const res = await ctx.request("/api/settings", { method: "PUT", cookie: alice.cookie, json: changed });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(changed);
    const again = await ctx.request("/api/settings", { cookie: alice.cookie });
    expect(await again.json()).toEqual(changed);
  });

  it.each([
    [{ dailySendLimit: 0 }, "dailySendLimit", "Daily limit must be at least 1"],
    [{ dailySendLimit: 10_001 }, "dailySendLimit", "Daily limit cannot exceed 10,000"],
    [{ notificationEmail: "nope" }, "notificationEmail", "Invalid email address"],
    [{ themeMode: "neon" }, "themeMode", "Theme must be light, dark or auto"],
    [{ fromNameFormat: "x" }, "fromNameFormat", "From name format must be first_last or company_team"],
    [{ sendingDays: [] }, "sendingDays", "Select at least one sending day"],
    [{ timezone: "Moon/Base" }, "timezone", "Choose a valid timezone"],
    [{ sendTimeStart: "18:00", sendTimeEnd: "08:00" }, "sendTimeEnd", "The sending window must end after it starts"],
    [
      { automationWebhookUrl: "hooks.example.com/bulk" },
      "automationWebhookUrl",
      "Enter a full address starting with http:// or https://, or leave the field empty.",
    ],
  ])("rejects %j with a 400, the message, and no change", async (patch, field, message) => {
    const before = await (await ctx.request("/api/settings", { cookie: alice.cookie })).json();
    const res = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...changed, ...patch },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as {
      error: { code: string; message: string; details: { fields: Record<string, string> } };
    };
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toBe(message);
    expect(body.error.details.fields[field]).toBe(message);
    expect(await (await ctx.request("/api/settings", { cookie: alice.cookie })).json()).toEqual(before);
  });

  it("stores the automation webhook URL trimmed, and an empty one as none", async () => {
    const user = await ctx.signUpVerified("webhook-url@example.com");
    const set = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: user.cookie,
      json: { ...defaultSettings, automationWebhookUrl: "  https://hooks.example.com/bulk?key=1 " },
    });
    expect(((await set.json()) as typeof changed).automationWebhookUrl).toBe("https://hooks.example.com/bulk?key=1");
    const [row] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
    expect(row?.automationWebhookUrl).toBe("https://hooks.example.com/bulk?key=1");

    const cleared = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: user.cookie,
      json: { ...defaultSettings, automationWebhookUrl: "" },
    });
    expect(((await cleared.json()) as typeof changed).automationWebhookUrl).toBe("");
    const [after] = await ctx.database.db.select().from(userSettings).where(eq(userSettings.userId, user.userId));
    expect(after?.automationWebhookUrl).toBeNull();
  });

  it("rejects a body that is not JSON, or misses fields, with a 400", async () => {
    const broken = await ctx.request("/api/settings", { method: "PUT", cookie: alice.cookie, json: "{not json" });
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBeTypeOf("string");
    const partial = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { dailySendLimit: 10 },
    });
    expect(partial.status).toBe(400);
  });

  it("refuses a NUL character (PostgreSQL text cannot hold one) with a 400, not a 500", async () => {
    const nul = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...changed, defaultSignature: "Best\u0000Alice" },
    });
    expect(nul.status).toBe(400);
    // A user who types a backslash sequence is not refused.
    const literal = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...changed, defaultSignature: "C:\\u0000 is fine" },
    });
    expect(literal.status).toBe(200);
  });
});

describe("PUT /api/settings/theme", () => {
  it("changes only the theme", async () => {
    const res = await ctx.request("/api/settings/theme", {
      method: "PUT",
      cookie: alice.cookie,
      json: { themeMode: "auto" },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as typeof changed;
    expect(body.themeMode).toBe("auto");
    expect(body.dailySendLimit).toBe(changed.dailySendLimit);
    const bad = await ctx.request("/api/settings/theme", {
      method: "PUT",
      cookie: alice.cookie,
      json: { themeMode: "blue" },
    });
    expect(bad.status).toBe(400);
  });
});

describe("tenant isolation", () => {
  it("another user never reads or changes the first user's settings", async () => {
    await ctx.request("/api/settings", { method: "PUT", cookie: alice.cookie, json: changed });
    const bobs = await ctx.request("/api/settings", { cookie: bob.cookie });
    expect(await bobs.json()).toEqual(defaultSettings);

    await ctx.request("/api/settings", {
      method: "PUT",
      cookie: bob.cookie,
      json: { ...defaultSettings, dailySendLimit: 7 },
    });
    await ctx.request("/api/settings/theme", { method: "PUT", cookie: bob.cookie, json: { themeMode: "light" } });
    const alices = (await (await ctx.request("/api/settings", { cookie: alice.cookie })).json()) as typeof changed;
    expect(alices.dailySendLimit).toBe(120);
    expect(alices.themeMode).not.toBe("light");
  });
});
