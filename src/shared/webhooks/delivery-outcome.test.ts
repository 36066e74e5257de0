import { describe, expect, it } from "vitest";
import {
  attemptOutcome,
  BASE_DELAY_MS,
  backoffMs,
  MAX_DELAY_MS,
  MAX_RETRY_AFTER_MS,
  nextAttemptAt,
  retryAfterMs,
} from "./delivery-outcome.ts";

const response = (status: number) => ({ kind: "response" as const, status });

describe("attemptOutcome", () => {
  it("delivers on any 2xx", () => {
    for (const s of [200, 201, 202, 204, 299]) expect(attemptOutcome(response(s))).toBe("delivered");
  });
  it("disables the endpoint on 410 Gone", () => {
    expect(attemptOutcome(response(410))).toBe("disabled");
  });
  it("retries 5xx, 408 and 429", () => {
    for (const s of [500, 502, 503, 504, 408, 429]) expect(attemptOutcome(response(s))).toBe("retry");
  });
  it("fails other 4xx and 3xx without retrying", () => {
    for (const s of [400, 401, 403, 404, 405, 409, 413, 422, 301, 302, 307]) {
      expect(attemptOutcome(response(s))).toBe("failed");
    }
  });
  it("retries a timeout or a network failure, not an address the policy refuses", () => {
    expect(attemptOutcome({ kind: "error", reason: "timeout" })).toBe("retry");
    expect(attemptOutcome({ kind: "error", reason: "network" })).toBe("retry");
    expect(attemptOutcome({ kind: "error", reason: "address_not_allowed" })).toBe("failed");
    expect(attemptOutcome({ kind: "error", reason: "invalid_url" })).toBe("failed");
  });
});

describe("backoffMs", () => {
  it("doubles per attempt within half and all of the exponential, capped", () => {
    expect(backoffMs(1, () => 0)).toBe(BASE_DELAY_MS / 2);
    expect(backoffMs(1, () => 1)).toBe(BASE_DELAY_MS);
    expect(backoffMs(2, () => 1)).toBe(BASE_DELAY_MS * 2);
    expect(backoffMs(4, () => 1)).toBe(BASE_DELAY_MS * 8);
    expect(backoffMs(40, () => 1)).toBe(MAX_DELAY_MS);
    expect(backoffMs(40, () => 0)).toBe(MAX_DELAY_MS / 2);
  });
  it("spreads retries (jitter)", () => {
    const waits = new Set(Array.from({ length: 20 }, () => backoffMs(3)));
    expect(waits.size).toBeGreaterThan(1);
  });
});

describe("retryAfterMs", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  it("reads seconds and HTTP dates, within bounds", () => {
    expect(retryAfterMs("30", now)).toBe(30_000);
    expect(retryAfterMs("0", now)).toBe(1_000);
    expect(retryAfterMs("999999", now)).toBe(MAX_RETRY_AFTER_MS);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:02:00 GMT", now)).toBe(120_000);
  });
  it("ignores what it cannot read", () => {
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs("soon", now)).toBeNull();
  });
});

describe("nextAttemptAt", () => {
  const now = new Date("2026-01-01T00:00:00Z");
  const retryUntil = new Date("2026-01-02T00:00:00Z");
  it("honours Retry-After over the backoff", () => {
    expect(nextAttemptAt({ attempt: 1, now, retryUntil, retryAfter: "120" })).toEqual(new Date("2026-01-01T00:02:00Z"));
  });
  it("uses the backoff without one", () => {
    const at = nextAttemptAt({ attempt: 1, now, retryUntil, random: () => 1 });
    expect(at).toEqual(new Date(now.getTime() + BASE_DELAY_MS));
  });
  it("gives up past the retry window", () => {
    expect(
      nextAttemptAt({ attempt: 30, now: new Date("2026-01-01T23:59:00Z"), retryUntil, random: () => 1 }),
    ).toBeNull();
  });
});
