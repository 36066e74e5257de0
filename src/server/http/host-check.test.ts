// DNS rebinding: a request naming a host this server is not answers 421, on
// every path; the outbox stays readable before sign-in on the server's own names.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/support/test-app.ts";
import { isAllowedHost } from "./host-check.ts";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type ErrorJson = { error: { code: string; message: string } };

describe("isAllowedHost", () => {
  const allowed = new Set(["app.example.com", "localhost"]);

  it("answers the configured names with any port, and IP literals", () => {
    for (const host of [
      "app.example.com",
      "APP.Example.com:8443",
      "app.example.com.",
      "localhost:5173",
      "127.0.0.1:3000",
      "[::1]:3000",
      "10.0.0.5",
    ]) {
      expect(isAllowedHost(host, allowed), host).toBe(true);
    }
  });

  it("refuses other names, look-alikes and malformed values", () => {
    for (const host of [
      "attacker.example",
      "attacker.example:3000",
      "app.example.com.attacker.example",
      "localhost.attacker.example",
      "127.0.0.1.nip.io",
      "app.example.com@attacker.example",
      "",
      "a b",
    ]) {
      expect(isAllowedHost(host, allowed), host).toBe(false);
    }
  });
});

describe("requests naming another host", () => {
  it("get 421 with the JSON error shape on the API: the outbox does not leak to a rebound name", async () => {
    const res = await ctx.app.request("http://attacker.example:3000/api/outbox");
    expect(res.status).toBe(421);
    const body = (await res.json()) as ErrorJson;
    expect(body.error.code).toBe("misdirected_request");
    expect(body.error.message).toMatch(/ALLOWED_HOSTS/);
  });

  it("get 421 on the app, the tracking links and the auth API too", async () => {
    for (const path of ["/", "/outbox", "/t/o/anything.gif", "/u/anything", "/api/auth/get-session"]) {
      const res = await ctx.app.request(`http://attacker.example${path}`);
      expect(res.status, path).toBe(421);
    }
  });

  it("get 421 when only the Host header names another host", async () => {
    const res = await ctx.app.request("http://localhost/api/outbox", { headers: { host: "attacker.example" } });
    expect(res.status).toBe(421);
  });

  it("get 421 over a real socket, where the Host header is what a rebound browser sends", async () => {
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    const port = (server.address() as AddressInfo).port;
    const get = (host: string) =>
      new Promise<number>((resolve, reject) => {
        httpRequest({ host: "127.0.0.1", port, path: "/api/outbox", headers: { host } }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on("error", reject)
          .end();
      });
    try {
      expect(await get(`attacker.example:${port}`)).toBe(421);
      expect(await get(`localhost:${port}`)).toBe(200);
      expect(await get(`127.0.0.1:${port}`)).toBe(200);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("the server's own names", () => {
  it("read the outbox before sign-in on localhost, 127.0.0.1 and [::1]", async () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3000", "[::1]:3000"]) {
      expect((await ctx.app.request(`http://${host}/api/outbox`)).status, host).toBe(200);
    }
  });

  it("include PUBLIC_URL's host and the names in ALLOWED_HOSTS", async () => {
    const behindProxy = await createTestContext(
      { PUBLIC_URL: "https://outreach.example.com", ALLOWED_HOSTS: "app.internal:8080, Coldreach.LAN" },
      ctx.database,
    );
    try {
      for (const host of ["outreach.example.com", "app.internal", "coldreach.lan:3000", "localhost"]) {
        expect((await behindProxy.app.request(`http://${host}/api/health`)).status, host).toBe(200);
      }
      expect((await behindProxy.app.request("http://attacker.example/api/health")).status).toBe(421);
    } finally {
      await behindProxy.close();
    }
  });
});
