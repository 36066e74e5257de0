import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function sendOverSmtp(subject: string, html: string) {
  const transport = nodemailer.createTransport({
    host: "127.0.0.1",
    port: ctx.capturePort,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({ from: "Sender <s@example.com>", to: "r@example.com", subject, html, text: "plain part" });
  transport.close();
}

type List = { messages: { id: string; subject: string; to: string[] }[]; nextBefore: string | null };

describe("capture outbox", () => {
  it("lists captured SMTP messages newest first, without signing in, and pages with a cursor", async () => {
    await sendOverSmtp("first", "<p>one</p>");
    await new Promise((r) => setTimeout(r, 5));
    await sendOverSmtp("second", "<p>two <a href='http://x.test/'>link</a></p>");
    const res = await ctx.request("/api/outbox");
    expect(res.status).toBe(200);
    const list = (await res.json()) as List;
    expect(list.messages.map((m) => m.subject)).toEqual(["second", "first"]);
    expect(list.messages[0]?.to).toEqual(["r@example.com"]);

    const page1 = (await (await ctx.request("/api/outbox?limit=1")).json()) as List;
    expect(page1.messages.map((m) => m.subject)).toEqual(["second"]);
    expect(page1.nextBefore).not.toBeNull();
    const page2 = (await (
      await ctx.request(`/api/outbox?limit=1&before=${encodeURIComponent(page1.nextBefore ?? "")}`)
    ).json()) as List;
    expect(page2.messages.map((m) => m.subject)).toEqual(["first"]);
  });

  it("returns one message with its HTML, text and headers", async () => {
    const list = (await (await ctx.request("/api/outbox")).json()) as List;
    const id = list.messages[0]?.id ?? "";
    const res = await ctx.request(`/api/outbox/${id}`);
    const message = (await res.json()) as { html: string; text: string; headers: Record<string, string>; from: string };
    expect(message.html).toContain("link</a>");
    expect(message.text).toContain("plain part");
    expect(message.from).toContain("s@example.com");
    expect(message.headers.subject).toBe("second");
  });

  it("answers 404 for unknown ids and 400 for a bad limit", async () => {
    expect((await ctx.request("/api/outbox/00000000-0000-0000-0000-000000000000")).status).toBe(404);
    expect((await ctx.request("/api/outbox/not-a-uuid")).status).toBe(404);
    const bad = await ctx.request("/api/outbox?limit=0");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { code: string } }).error.code).toBe("validation_error");
  });

  it("clears every message for a signed-in user, and for nobody else", async () => {
    // Reading is open (the confirmation link comes before the account); emptying is not.
    const anonymous = await ctx.request("/api/outbox", { method: "DELETE" });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).toBe("unauthorized");
    expect(((await (await ctx.request("/api/outbox")).json()) as List).messages).not.toEqual([]);
    const { cookie } = await ctx.signUpVerified("outbox-owner@example.com");
    expect((await ctx.request("/api/outbox", { method: "DELETE", cookie })).status).toBe(204);
    expect(((await (await ctx.request("/api/outbox")).json()) as List).messages).toEqual([]);
  });

  it("does not exist in live mode", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
      ctx.database,
    );
    try {
      expect((await live.request("/api/outbox")).status).not.toBe(200);
      const info = (await (await live.request("/api/app-info")).json()) as { mailDelivery: string };
      expect(info.mailDelivery).toBe("live");
    } finally {
      await live.close();
    }
  });
});
