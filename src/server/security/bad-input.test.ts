// Bad input the API fuzzer found answered with a 500: each is now a 400 (or a
// 404 for an id that cannot exist) with the JSON error shape, and leaves the
// stored data as it was. On PGlite and on PostgreSQL (the integration projects
// run this file on both): some of these failed only in one of them.
//   1. NUL in JSON bodies whose content type is JSON in another spelling
//      (APPLICATION/JSON, application/vnd.api+json);
//   2. lone UTF-16 surrogates ("\ud800") in strings bound for jsonb columns;
//   3. NUL (%00) in query parameters;
//   4. paging cursors and dates of the right shape naming days that do not
//      exist or years PostgreSQL does not have (2026-02-30, 0000);
//   5. ids shaped like a uuid to a loose check ("-" × 36).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedTenant, snapshotData, type TenantData } from "../../../tests/support/security/tenant-data.ts";
import { fakeClock } from "../../../tests/support/sending-fixtures.ts";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z");
let ctx: TestContext;
let user: { cookie: string; userId: string };
let data: TenantData;

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { now: clock.now });
  user = await ctx.signUpVerified("bad-input@example.com");
  data = await seedTenant(ctx, user.cookie, "Bad");
});
afterAll(() => ctx?.close());

type Call = { method?: string; path: string; json?: unknown; body?: string; contentType?: string };

async function send(call: Call): Promise<Response> {
  const headers: Record<string, string> = { origin: "http://localhost:3000", cookie: user.cookie };
  let body = call.body;
  if (call.json !== undefined) body = JSON.stringify(call.json);
  if (body !== undefined) headers["content-type"] = call.contentType ?? "application/json";
  return ctx.app.request(`http://localhost:3000${call.path}`, { method: call.method ?? "GET", headers, body });
}

/** Sends the request and checks the answer's status and error shape, and that no stored row changed. */
async function expectRefused(call: Call, status = 400): Promise<{ code: string; message: string; details?: unknown }> {
  const before = await snapshotData(ctx.database.db);
  const res = await send(call);
  const text = await res.text();
  expect(res.status, `${call.method ?? "GET"} ${call.path}: ${text}`).toBe(status);
  expect(res.headers.get("content-type")).toContain("application/json");
  const body = JSON.parse(text) as { error: { code: string; message: string; details?: unknown } };
  expect(body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  expect(await snapshotData(ctx.database.db)).toEqual(before);
  return body.error;
}

const b64 = (value: unknown) =>
  Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

const step = (subject: string, scheduledDate: string | null = null) => ({
  subject,
  body: "Hello",
  bodyFormat: "text",
  delayAmount: 0,
  delayUnit: "days",
  scheduledDate,
  scheduledTime: scheduledDate ? "09:00" : null,
});

const settings = {
  timezone: "UTC",
  themeMode: "light",
  dailySendLimit: 100,
  sendTimeStart: "08:00",
  sendTimeEnd: "18:00",
  sendingDays: ["monday", "tuesday"],
  replyHandlingEnabled: true,
  fallbackMergeTags: { company: "your company" },
  defaultSignature: "Best",
  fromNameFormat: "first_last",
  unsubscribeLinkEnabled: false,
  legalDisclaimer: "",
  campaignNotificationsEnabled: false,
  notificationEmail: "",
  openNotificationsEnabled: false,
  trackOpens: true,
  automationWebhookUrl: "",
  bounceProtectionEnabled: true,
  bounceRatePercent: 3,
  bounceMinSends: 50,
  bounceWindowDays: 7,
  spamComplaintsMin: 3,
  spamRatePercent: 0.3,
  unsubscribeRatePercent: 5,
};

const NUL_REFUSED = "The request contains a character that cannot be stored (NUL or an unpaired surrogate)";

describe("1. NUL in a JSON body, whatever the spelling of its JSON content type", () => {
  const spellings = [
    "APPLICATION/JSON",
    "application/vnd.api+json",
    "Application/Json; charset=UTF-8",
    "application/merge-patch+json",
  ];

  it.each(spellings)("%s: a 400 naming the field, nothing stored", async (contentType) => {
    const error = await expectRefused({
      method: "PUT",
      path: "/api/settings",
      json: { ...settings, defaultSignature: "Best\u0000Alice" },
      contentType,
    });
    expect(error).toEqual({
      code: "validation_error",
      message: NUL_REFUSED,
      details: { fields: { defaultSignature: NUL_REFUSED } },
    });
  });

  it.each(spellings)("%s: a clean body is still read and saved", async (contentType) => {
    const res = await send({ method: "PUT", path: "/api/settings", json: settings, contentType });
    expect(res.status).toBe(200);
  });
});

describe("2. lone surrogates in strings bound for jsonb (and text) columns", () => {
  it("contacts' custom fields, values and names: a 400 on the field", async () => {
    const path = `/api/campaigns/${data.ids.campaign}/contacts`;
    const value = await expectRefused({
      method: "POST",
      path,
      json: { contacts: [{ email: "new-1@prospects.test", customFields: { note: "\ud800" } }] },
    });
    expect(value.details).toEqual({ fields: { "contacts.0.customFields.note": NUL_REFUSED } });
    await expectRefused({
      method: "POST",
      path,
      json: { contacts: [{ email: "new-2@prospects.test", customFields: { "city\udc00": "Lyon" } }] },
    });
    await expectRefused({
      method: "POST",
      path,
      json: { contacts: [{ email: "new-3@prospects.test", firstName: "Ann\ud83d" }] },
    });
  });

  it("a new campaign's contacts: a 400, no campaign", async () => {
    await expectRefused({
      method: "POST",
      path: "/api/campaigns",
      json: {
        name: "Surrogates",
        senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 5 }],
        contacts: [{ email: "a@prospects.test", customFields: { note: "x\udfff" } }],
        sequence: [step("Hi")],
      },
    });
  });

  it("the duplicate check, a template, the fallback merge tags, a sender's username: a 400", async () => {
    await expectRefused({
      method: "POST",
      path: "/api/contacts/duplicates",
      json: { emails: ["\ud800@prospects.test"] },
    });
    await expectRefused({ method: "POST", path: "/api/templates", json: { name: "T", sequence: [step("Hi \ud800")] } });
    await expectRefused({
      method: "PUT",
      path: "/api/settings",
      json: { ...settings, fallbackMergeTags: { company: "\udbff" } },
    });
    // A text column would have kept U+FFFD in its place, silently.
    await expectRefused({
      method: "POST",
      path: "/api/senders",
      json: {
        email: "surrogate@example.test",
        provider: "custom",
        dailyLimit: 5,
        smtp: { host: "127.0.0.1", port: 9, security: "none", username: "\ud800", password: "p" },
      },
    });
  });

  it("characters outside the BMP (a surrogate pair) are stored as sent", async () => {
    const res = await send({
      method: "POST",
      path: `/api/campaigns/${data.ids.campaign}/contacts`,
      json: { contacts: [{ email: "emoji@prospects.test", firstName: "Zoë 😀", customFields: { mood: "😀𝄞" } }] },
    });
    expect(res.status).toBe(200);
    const page = await send({ path: `/api/campaigns/${data.ids.campaign}/contacts?search=emoji` });
    const { contacts } = (await page.json()) as { contacts: { firstName: string; customFields: object }[] };
    expect(contacts[0]).toMatchObject({ firstName: "Zoë 😀", customFields: { mood: "😀𝄞" } });
  });

  it("a body nested far deeper than the call stack is walked, and its NUL found", async () => {
    const depth = 100_000;
    const body = `${"[".repeat(depth)}"\\u0000"${"]".repeat(depth)}`;
    await expectRefused({ method: "POST", path: "/api/templates", body });
  });
});

describe("3. NUL in query parameters", () => {
  const paths = () => [
    "/api/contacts?search=a%00b",
    "/api/contacts/export?search=%00",
    "/api/contacts/history?email=%00",
    `/api/campaigns/${data.ids.campaign}/contacts?search=%00`,
    "/api/emails?search=%00",
    "/api/inbox?search=%00",
    "/api/inbox/history?email=%00",
    "/api/templates?search=%00",
    "/api/templates?tag=%00",
    "/api/senders/profile?email=%00",
  ];

  it("search, email and tag: a 400 on the parameter", async () => {
    for (const path of paths()) {
      const error = await expectRefused({ path });
      const name = new URL(path, "http://x").searchParams.keys().next().value as string;
      expect(error.details, path).toEqual({ fields: { [name]: NUL_REFUSED } });
    }
  });

  it("in a parameter's name, or in the path: a 400", async () => {
    await expectRefused({ path: "/api/contacts?se%00arch=a" });
    await expectRefused({ path: "/api/campaigns/%00" });
  });
});

describe("4. cursors and dates that pass the format check but do not exist", () => {
  const uuid = "00000000-0000-4000-8000-000000000000";
  const impossible = ["2026-02-30T00:00:00.000000Z", "0000-01-01T00:00:00.000000Z", "2026-01-01T24:00:00.000000Z"];

  it.each(impossible)("%s in the Emails, Inbox, Contacts and sender history cursors: a 400", async (at) => {
    await expectRefused({ path: `/api/emails?cursor=${b64([0, at, uuid])}` });
    await expectRefused({ path: `/api/inbox?cursor=${b64([at, "key"])}` });
    await expectRefused({ path: `/api/inbox/history?contactId=${data.ids.contact}&cursor=${b64([at, uuid])}` });
    await expectRefused({ path: `/api/inbox/replies?email=${data.ids.recipientEmail}&cursor=${b64([at, uuid])}` });
    await expectRefused({ path: `/api/contacts?cursor=${b64(`${at}|key@prospects.test`)}` });
    await expectRefused({ path: `/api/senders/${data.ids.sender}/emails?cursor=${b64([at, uuid])}` });
  });

  it("the outbox before the year 1: a 400", async () => {
    await expectRefused({ path: "/api/outbox?before=0000-01-01T00:00:00Z" });
    await expectRefused({ path: "/api/outbox?before=0001-01-01T00:00:00%2B01:00" });
  });

  it("a step scheduled in the year 0: a 400, no campaign", async () => {
    await expectRefused({
      method: "POST",
      path: "/api/campaigns",
      json: {
        name: "Year zero",
        senderAccounts: [{ email: "one@sender.test", provider: "custom", dailyLimit: 5 }],
        contacts: [{ email: "a@prospects.test" }],
        sequence: [step("Hi"), step("Again", "0000-01-01")],
      },
    });
  });
});

describe("5. ids that only look like uuids", () => {
  const dashes = "-".repeat(36);

  it("campaign routes and the outbox answer 404, not 500", async () => {
    await expectRefused({ path: `/api/campaigns/${dashes}` }, 404);
    await expectRefused({ method: "PATCH", path: `/api/campaigns/${dashes}/status`, json: { status: "paused" } }, 404);
    await expectRefused({ method: "DELETE", path: `/api/campaigns/${dashes}` }, 404);
    await expectRefused({ method: "POST", path: `/api/campaigns/${dashes}/launch` }, 404);
    await expectRefused({ path: `/api/outbox/${dashes}` }, 404);
  });
});
