// A test fails on an unexpected console.error: errors that nobody asserted on
// are bugs hiding in the output.
import { afterEach, beforeEach, vi } from "vitest";

let calls: unknown[][] = [];

beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  if (calls.length > 0) {
    const text = calls.map((c) => c.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error during the test:\n${text}`);
  }
});
