// A refused request names the field and the limit, in the message and in
// details.fields, instead of zod's own text ("Too big: expected string to have
// <=998 characters"); nothing is stored or sent.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { campaigns, contacts, emailSends } from "../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice-limits@example.com");
});
afterAll(() => ctx?.close());

type ErrorBody = { error: { code: string; message: string; details: { fields: Record<string, string> } } };

describe("validation messages from the API", () => {
  it("Add Contact: a Company of 10,000 characters is a 400 naming Company and 300 characters, and adds nothing", async () => {
    const [campaign] = await ctx.database.db.insert(campaigns).values({ userId: alice.userId, name: "C" }).returning();
    const res = await ctx.request(`/api/campaigns/${campaign!.id}/contacts`, {
      method: "POST",
      cookie: alice.cookie,
      json: { contacts: [{ email: "ana@acme.io", company: "c".repeat(10_000) }] },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.code).toBe("validation_error");
    expect(body.error.message).toBe("Company must be at most 300 characters.");
    expect(body.error.details.fields).toEqual({ "contacts.0.company": "Company must be at most 300 characters." });
    const stored = await ctx.database.db.select().from(contacts).where(eq(contacts.campaignId, campaign!.id));
    expect(stored).toEqual([]);
  });

  it("Compose: a subject over 998 characters is a 400 naming Subject and 998 characters, and sends nothing", async () => {
    const res = await ctx.request("/api/emails/direct", {
      method: "POST",
      cookie: alice.cookie,
      json: { from: "alice@acme.test", to: "x@example.com", subject: "s".repeat(999), message: "m" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.message).toBe("Subject must be at most 998 characters.");
    expect(body.error.details.fields.subject).toBe("Subject must be at most 998 characters.");
    expect(JSON.stringify(body)).not.toMatch(/Too big|expected string/);
    const sends = await ctx.database.db.select().from(emailSends).where(eq(emailSends.userId, alice.userId));
    expect(sends).toEqual([]);
  });

  it("a missing field is named too", async () => {
    const res = await ctx.request("/api/emails/direct", {
      method: "POST",
      cookie: alice.cookie,
      json: { from: "alice@acme.test", to: "x@example.com", message: "m" },
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.error.details.fields.subject).toBe("Subject is required.");
  });
});
