// Settings › Account's session routes through the app: the user's own
// sessions only, with device, address and last seen, this one marked; 'Sign
// out' of another ends it at once; 'Sign out everywhere else' keeps this one.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountSession } from "#shared/account/account.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { session } from "../../db/schema/auth.ts";
import { sessionDevice, UNKNOWN_DEVICE } from "./session-device.ts";

const CHROME_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const cookieOf = (res: Response) => res.headers.get("set-cookie")?.match(/better-auth\.session_token=[^;]+/)?.[0] ?? "";

async function signInFrom(email: string, password: string, userAgent: string) {
  const res = await ctx.request("/api/auth/sign-in/email", {
    method: "POST",
    json: { email, password },
    headers: { "user-agent": userAgent },
  });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

async function list(cookie: string): Promise<AccountSession[]> {
  const res = await ctx.request("/api/account/sessions", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { sessions: AccountSession[] }).sessions;
}

describe("the device of a session", () => {
  it("names the browser and system, or says it is unknown", () => {
    expect(sessionDevice(CHROME_MAC)).toBe("Chrome 131 on macOS");
    expect(sessionDevice(FIREFOX_LINUX)).toBe("Firefox 133 on Linux");
    expect(sessionDevice(null)).toBe(UNKNOWN_DEVICE);
    expect(sessionDevice("")).toBe(UNKNOWN_DEVICE);
  });
});

describe("the session list", () => {
  it("lists the user's sessions, this one first and marked, none of another user's", async () => {
    const alice = await ctx.signUpVerified("sessions-alice@example.com");
    const laptop = await signInFrom(alice.email, alice.password, CHROME_MAC);
    await signInFrom(alice.email, alice.password, FIREFOX_LINUX);
    const bob = await ctx.signUpVerified("sessions-bob@example.com");

    const sessions = await list(laptop);
    expect(sessions).toHaveLength(3);
    expect(sessions[0]).toMatchObject({ current: true, device: "Chrome 131 on macOS" });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.map((s) => s.device)).toContain("Firefox 133 on Linux");
    for (const s of sessions) {
      expect(Number.isNaN(Date.parse(s.lastSeenAt))).toBe(false);
      expect(Number.isNaN(Date.parse(s.signedInAt))).toBe(false);
    }
    const bobs = await list(bob.cookie);
    expect(bobs).toHaveLength(1);
    expect(bobs.map((s) => s.id)).not.toContain(sessions[0]?.id);
  });

  it("keeps last seen current: a request moves it, once a minute at most", async () => {
    const carol = await ctx.signUpVerified("sessions-carol@example.com");
    const [own] = await list(carol.cookie);
    const old = new Date(Date.now() - 10 * 60_000);
    await ctx.database.db
      .update(session)
      .set({ lastSeenAt: old })
      .where(eq(session.id, own?.id ?? ""));
    // Written within the minute by this process: not written again (no query, the old value stays).
    expect((await list(carol.cookie))[0]?.lastSeenAt).toBe(old.toISOString());
    // A second app on the same database (another web process) has not written it: it records the request.
    const other = await createTestContext({}, ctx.database, { sendWorker: false });
    try {
      const res = await other.request("/api/account/sessions", { cookie: carol.cookie });
      const [seen] = ((await res.json()) as { sessions: AccountSession[] }).sessions;
      expect(Date.parse(seen?.lastSeenAt ?? "")).toBeGreaterThan(old.getTime() + 5 * 60_000);
    } finally {
      await other.close();
    }
  });
});

describe("signing sessions out", () => {
  it("'Sign out' ends another session of the user at once; not the current one, not another user's", async () => {
    const dan = await ctx.signUpVerified("sessions-dan@example.com");
    const phone = await signInFrom(dan.email, dan.password, FIREFOX_LINUX);
    const eve = await ctx.signUpVerified("sessions-eve@example.com");
    const sessions = await list(dan.cookie);
    const phoneSession = sessions.find((s) => !s.current);
    const current = sessions.find((s) => s.current);

    // Eve cannot end Dan's session, nor learn that it exists.
    const foreign = await ctx.request(`/api/account/sessions/${phoneSession?.id}`, {
      method: "DELETE",
      cookie: eve.cookie,
    });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ error: { code: "not_found", message: "Session not found" } });
    expect((await ctx.request("/api/settings", { cookie: phone })).status).toBe(200);

    const self = await ctx.request(`/api/account/sessions/${current?.id}`, { method: "DELETE", cookie: dan.cookie });
    expect(self.status).toBe(400);
    expect(((await self.json()) as { error: { message: string } }).error.message).toMatch(/session you are using/);

    const out = await ctx.request(`/api/account/sessions/${phoneSession?.id}`, {
      method: "DELETE",
      cookie: dan.cookie,
    });
    expect(out.status).toBe(204);
    expect((await ctx.request("/api/settings", { cookie: phone })).status).toBe(401);
    expect((await ctx.request("/api/settings", { cookie: dan.cookie })).status).toBe(200);
    expect((await list(dan.cookie)).map((s) => s.id)).toEqual([current?.id]);
  });

  it("'Sign out everywhere else' ends every other session of the user and keeps this one and other users'", async () => {
    const fay = await ctx.signUpVerified("sessions-fay@example.com");
    const others = [
      await signInFrom(fay.email, fay.password, FIREFOX_LINUX),
      await signInFrom(fay.email, fay.password, CHROME_MAC),
    ];
    const gus = await ctx.signUpVerified("sessions-gus@example.com");
    const res = await ctx.request("/api/account/sessions/sign-out-others", { method: "POST", cookie: fay.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signedOut: 2 });
    for (const cookie of others) expect((await ctx.request("/api/settings", { cookie })).status).toBe(401);
    expect((await ctx.request("/api/settings", { cookie: fay.cookie })).status).toBe(200);
    expect((await ctx.request("/api/settings", { cookie: gus.cookie })).status).toBe(200);
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/account/sessions")).status).toBe(401);
    expect((await ctx.request("/api/account/sessions/sign-out-others", { method: "POST" })).status).toBe(401);
  });
});

describe("session tokens stay in the httpOnly cookie", () => {
  it("/get-session answers without the token; better-auth's token-listing and token-taking calls are not served", async () => {
    const hal = await ctx.signUpVerified("sessions-hal@example.com");
    const token = decodeURIComponent(hal.cookie.split("=")[1] ?? "").split(".")[0] ?? "";
    expect(token.length).toBeGreaterThan(10);
    const got = await ctx.request("/api/auth/get-session", { cookie: hal.cookie });
    expect(got.status).toBe(200);
    const text = await got.text();
    expect(text).not.toContain(token);
    expect((JSON.parse(text) as { session: { id: string } }).session.id).toBeTruthy();
    expect((await ctx.request("/api/auth/list-sessions", { cookie: hal.cookie })).status).toBe(404);
    for (const path of ["revoke-session", "revoke-sessions", "revoke-other-sessions"]) {
      const res = await ctx.request(`/api/auth/${path}`, { method: "POST", cookie: hal.cookie, json: { token } });
      expect(res.status).toBe(404);
    }
    expect((await ctx.request("/api/settings", { cookie: hal.cookie })).status).toBe(200);
  });
});
