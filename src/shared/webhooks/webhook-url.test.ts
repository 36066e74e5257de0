import { describe, expect, it } from "vitest";
import { isLoopbackHost, WEBHOOK_URL_MAX_LENGTH, webhookUrlProblem } from "./webhook-url.ts";

describe("webhookUrlProblem", () => {
  const strict = { allowPrivate: false };
  const open = { allowPrivate: true };
  it("takes https URLs", () => {
    expect(webhookUrlProblem("https://hooks.example.com/coldreach", strict)).toBeNull();
    expect(webhookUrlProblem("  https://hooks.example.com:8443/x?y=1  ", strict)).toBeNull();
  });
  it("refuses plain http, except to loopback when private addresses are allowed", () => {
    expect(webhookUrlProblem("http://hooks.example.com/x", strict)).toMatch(/https/);
    expect(webhookUrlProblem("http://127.0.0.1:8080/x", strict)).toMatch(/https/);
    expect(webhookUrlProblem("http://127.0.0.1:8080/x", open)).toBeNull();
    expect(webhookUrlProblem("http://localhost:8080/x", open)).toBeNull();
    expect(webhookUrlProblem("http://[::1]:8080/x", open)).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/x", open)).toMatch(/localhost only/);
  });
  it("refuses what is not a web URL", () => {
    expect(webhookUrlProblem("", strict)).toMatch(/Enter/);
    expect(webhookUrlProblem("hooks.example.com", strict)).toMatch(/full URL/);
    expect(webhookUrlProblem("ftp://hooks.example.com", strict)).toMatch(/https/);
    expect(webhookUrlProblem("https://user:pw@hooks.example.com", strict)).toMatch(/password/);
    expect(webhookUrlProblem(`https://a.example/${"x".repeat(WEBHOOK_URL_MAX_LENGTH)}`, strict)).toMatch(/at most/);
  });
  it("knows loopback hosts", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("app.localhost")).toBe(true);
    expect(isLoopbackHost("10.0.0.1")).toBe(false);
    expect(isLoopbackHost("localhost.example.com")).toBe(false);
  });
});
