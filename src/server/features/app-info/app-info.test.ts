import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { testDbKind } from "../../../../tests/support/test-database.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("API conventions", () => {
  it("reports health with the database status", async () => {
    const res = await ctx.request("/api/health");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; database: { status: string; kind: string } };
    expect(body.status).toBe("ok");
    expect(body.database).toMatchObject({ status: "up", kind: testDbKind });
  });

  it("tells the SPA the mail mode and whether Google sign-in is configured", async () => {
    const info = await (await ctx.request("/api/app-info")).json();
    expect(info).toEqual({ mailDelivery: "capture", googleSignIn: false, version: "test" });
    const withGoogle = await createTestContext(
      { GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "secret" },
      ctx.database,
    );
    try {
      expect(
        ((await (await withGoogle.request("/api/app-info")).json()) as { googleSignIn: boolean }).googleSignIn,
      ).toBe(true);
    } finally {
      await withGoogle.close();
    }
  });

  it("publishes an OpenAPI document and interactive docs", async () => {
    const doc = (await (await ctx.request("/api/openapi.json")).json()) as {
      openapi: string;
      paths: Record<string, unknown>;
    };
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/settings", "/api/settings/theme", "/api/health"]),
    );
    const docs = await ctx.request("/api/docs");
    expect(docs.status).toBe(200);
    expect(docs.headers.get("content-type")).toContain("text/html");
  });

  it("answers unknown API paths with the JSON error shape, never the SPA", async () => {
    const res = await ctx.request("/api/no-such-thing");
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(typeof body.error.code).toBe("string");
    expect(typeof body.error.message).toBe("string");
  });
});

describe("request size", () => {
  it("refuses a body over the limit with 413 and the JSON error shape", async () => {
    const { cookie } = await ctx.signUpVerified("big-body@example.com");
    const res = await ctx.request("/api/settings", {
      method: "PUT",
      cookie,
      json: { defaultSignature: "x".repeat(41 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("payload_too_large");
  });
});
