import { describe, expect, it } from "vitest";
import { MAX_SEND_ATTEMPTS, nextAttemptAt, retryDelayMs } from "./retry-policy.ts";

describe("retryDelayMs", () => {
  it("waits 1 min, 5 min, 30 min, 2 h, then gives up after the fifth attempt", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 300_000, 1_800_000, 7_200_000]);
    expect(MAX_SEND_ATTEMPTS).toBe(5);
    expect(retryDelayMs(5)).toBeNull();
    expect(retryDelayMs(9)).toBeNull();
  });

  it("refuses a count that is not an attempt", () => {
    expect(() => retryDelayMs(0)).toThrow(RangeError);
    expect(() => retryDelayMs(1.5)).toThrow(RangeError);
  });
});

describe("nextAttemptAt", () => {
  const now = new Date("2026-11-23T10:00:00Z");

  it("schedules a temporary failure after the delay", () => {
    expect(nextAttemptAt({ permanent: false }, 2, now)).toEqual(new Date("2026-11-23T10:05:00Z"));
  });

  it("never retries a permanent failure, nor one out of attempts", () => {
    expect(nextAttemptAt({ permanent: true }, 1, now)).toBeNull();
    expect(nextAttemptAt({ permanent: false }, MAX_SEND_ATTEMPTS, now)).toBeNull();
  });
});
