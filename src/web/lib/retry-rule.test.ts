import { describe, expect, it } from "vitest";
import { ApiError } from "./api-error.ts";
import { retryDelay, shouldRetry, withRetry } from "./retry-rule.ts";

const failure = (status: number) => new ApiError(status, "e", `failed ${status}`);

describe("the retry rule", () => {
  it("asks again twice after a server or network failure, never after a 4xx", () => {
    expect([0, 1, 2].map((n) => shouldRetry(n, failure(503)))).toEqual([true, true, false]);
    expect([0, 1, 2].map((n) => shouldRetry(n, new TypeError("Failed to fetch")))).toEqual([true, true, false]);
    for (const status of [400, 404, 409, 429]) expect(shouldRetry(0, failure(status)), String(status)).toBe(false);
  });

  it("waits as TanStack Query does: 1 s, 2 s, 4 s, at most 30 s", () => {
    expect([0, 1, 2, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 30_000]);
  });

  it("gives up at once on a 4xx, with the server's error", async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      throw failure(404);
    };
    await expect(withRetry(load)).rejects.toThrow("failed 404");
    expect(calls).toBe(1);
  });

  it("stops asking once cancelled", async () => {
    let calls = 0;
    const load = async () => {
      calls++;
      throw failure(500);
    };
    await expect(withRetry(load, () => true)).rejects.toThrow("failed 500");
    expect(calls).toBe(1);
  });
});
