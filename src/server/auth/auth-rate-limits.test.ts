// Rate limits guard credentials, not reading: session reads are never counted;
// sign-in is limited per client address and, with a growing delay that
// expires, per account. (In-process requests all come from one address.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { accountDelaySeconds } from "./auth-rate-limits.ts";

const limitsOn = {
  AUTH_RATE_LIMIT: "on",
  AUTH_ACCOUNT_FREE_ATTEMPTS: "10",
  // One second: the test waits out a real delay instead of faking the limiter's clock.
  AUTH_ACCOUNT_DELAY_SECONDS: "1",
  AUTH_ACCOUNT_MAX_DELAY_SECONDS: "2",
};

let ctx: TestContext;
let alice: { cookie: string; email: string; password: string };
let bob: { cookie: string; email: string; password: string };

beforeAll(async () => {
  ctx = await createTestContext(limitsOn);
  alice = await ctx.signUpVerified("limits-alice@example.com");
  bob = await ctx.signUpVerified("limits-bob@example.com");
});
afterAll(() => ctx?.close());

function signIn(email: string, password: string) {
  return ctx.request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });
}

describe("reading the session", () => {
  it("answers 300 reads from one address, none refused", async () => {
    const statuses = new Map<number, number>();
    for (let batch = 0; batch < 30; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, () => ctx.request("/api/auth/get-session", { cookie: alice.cookie })),
      );
      for (const res of answers) {
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const body = (await res.json()) as { user?: { email: string } } | null;
        expect(body?.user?.email).toBe(alice.email);
      }
    }
    expect(Object.fromEntries(statuses)).toEqual({ 200: 300 });
  });
});

describe("signing in", () => {
  it("slows one account after 10 wrong passwords, not another account from the same address, and lifts it after Retry-After", async () => {
    const statuses: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await signIn(alice.email, `wrong-password-${i}`);
      statuses.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const retryAfter = Number(refused?.headers.get("retry-after"));
    expect(retryAfter).toBe(1);
    expect(await refused?.json()).toEqual({
      code: "RATE_LIMITED",
      message: "Too many attempts for this account. Please wait 1 second and try again.",
    });
    // While the account waits, even its right password is refused (nothing is checked).
    expect((await signIn(alice.email, alice.password)).status).toBe(429);

    // An office colleague behind the same address is not affected.
    const colleague = await signIn(bob.email, bob.password);
    expect(colleague.status).toBe(200);

    // After the wait, the account signs in; its count starts again.
    await expect
      .poll(async () => (await signIn(alice.email, alice.password)).status, {
        timeout: (retryAfter + 2) * 1000,
        interval: 250,
      })
      .toBe(200);
    expect((await signIn(alice.email, "wrong-again")).status).toBe(401);
  });

  it("limits sign-in attempts per client address, with Retry-After and a clear message", async () => {
    const perAddress = await createTestContext({ ...limitsOn, AUTH_SIGN_INS_PER_ADDRESS_PER_MINUTE: "3" });
    try {
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (let i = 0; i < 4; i++) {
        // A different account each time: the per-account limit never applies.
        const res = await perAddress.request("/api/auth/sign-in/email", {
          method: "POST",
          json: { email: `rotating-${i}@example.com`, password: "whatever-password" },
        });
        statuses.push(res.status);
        if (res.status === 429) refused = res;
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThan(0);
      const body = (await refused?.json()) as { code: string; message: string };
      expect(body.code).toBe("RATE_LIMITED");
      expect(body.message).toMatch(
        /^Too many attempts from your network\. Please wait (\d+ seconds?|1 minute) and try again\.$/,
      );
      // Reading the session is still answered.
      expect((await perAddress.request("/api/auth/get-session")).status).toBe(200);
    } finally {
      await perAddress.close();
    }
  });
});

describe("accountDelaySeconds", () => {
  const limits = {
    signInsPerAddressPerMinute: 30,
    accountFreeAttempts: 10,
    accountDelaySeconds: 30,
    accountMaxDelaySeconds: 900,
  };
  it("is free for the first attempts, then doubles up to the cap", () => {
    expect([9, 10, 11, 12, 13, 14, 15, 50].map((n) => accountDelaySeconds(n, limits))).toEqual([
      0, 30, 60, 120, 240, 480, 900, 900,
    ]);
  });
});
