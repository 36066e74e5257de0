import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { capturedEmails, user } from "../db/schema/index.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const signUp = (email: string, password = "correct-horse-battery") =>
  ctx.request("/api/auth/sign-up/email", {
    method: "POST",
    json: { email, password, name: "Nia Okafor", fullName: "Nia Okafor", callbackURL: "/" },
  });
const signIn = (email: string, password = "correct-horse-battery", headers?: Record<string, string>) =>
  ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password }, headers });

describe("sign-up with email confirmation", () => {
  it("sends the confirmation over SMTP to the capture server and refuses sign-in until confirmed", async () => {
    const res = await signUp("nia@example.com");
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie") ?? "").not.toContain("session_token");

    const rows = await ctx.database.db.select().from(capturedEmails);
    const mail = rows.find((r) => r.toAddresses.includes("nia@example.com"));
    expect(mail?.subject).toBe("Confirm your Coldreach account");
    // The raw message really went through SMTP: parse it as a receiver would.
    const parsed = await simpleParser(mail?.raw ?? "");
    expect(parsed.text).toContain("/api/auth/verify-email?token=");
    expect(parsed.html).toContain("Confirm email address");

    const early = await signIn("nia@example.com");
    expect(early.status).toBe(403);
    expect(((await early.json()) as { code: string }).code).toBe("EMAIL_NOT_VERIFIED");
  });

  it("confirms through the emailed link, which signs the user in with an httpOnly cookie and redirects to /", async () => {
    const link = new URL(await ctx.confirmationLink("nia@example.com"));
    expect(link.searchParams.get("callbackURL")).toBe("/");
    const res = await ctx.request(link.pathname + link.search);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/better-auth\.session_token=[^;]+;.*HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);

    const session = await ctx.request("/api/auth/get-session", { cookie: cookie.split(";")[0] });
    const body = (await session.json()) as { user: { email: string; fullName: string; emailVerified: boolean } };
    expect(body.user).toMatchObject({ email: "nia@example.com", fullName: "Nia Okafor", emailVerified: true });

    const later = await signIn("nia@example.com");
    expect(later.status).toBe(200);
  });

  it("rejects a wrong password; a second sign-up with the same email changes nothing", async () => {
    expect((await signIn("nia@example.com", "wrong-password-123")).status).toBe(401);
    // better-auth answers like a success so the form does not reveal which emails have accounts.
    await signUp("nia@example.com", "another-password-456");
    expect((await signIn("nia@example.com", "another-password-456")).status).toBe(401);
    expect((await signIn("nia@example.com")).status).toBe(200);
    const users = await ctx.database.db.select().from(user).where(eq(user.email, "nia@example.com"));
    expect(users).toHaveLength(1);
  });

  it("rejects weak passwords", async () => {
    const res = await signUp("weak@example.com", "short");
    expect(res.status).toBe(400);
  });

  it("rejects cookie POSTs from an untrusted origin (CSRF)", async () => {
    const { cookie } = await ctx.signUpVerified("csrf@example.com");
    const res = await ctx.request("/api/auth/sign-out", {
      method: "POST",
      cookie,
      json: {},
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await ctx.request("/api/settings", { cookie })).status).toBe(200);
  });

  it("sign-out ends the session", async () => {
    const { cookie } = await ctx.signUpVerified("leaving@example.com");
    expect((await ctx.request("/api/settings", { cookie })).status).toBe(200);
    const out = await ctx.request("/api/auth/sign-out", { method: "POST", cookie, json: {} });
    expect(out.status).toBe(200);
    expect((await ctx.request("/api/settings", { cookie })).status).toBe(401);
  });
});
