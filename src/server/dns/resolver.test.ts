// The resolver against a real DNS server on loopback (tests/support/dns-server.ts):
// records come back as published, a missing name is ENOTFOUND, and a server
// that does not answer in time is ETIMEOUT within the bound.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DnsServer, startDnsServer } from "../../../tests/support/dns-server.ts";
import { createDnsResolver } from "./resolver.ts";

let dns: DnsServer;
beforeAll(async () => {
  dns = await startDnsServer({
    "acme.test": { MX: [{ exchange: "mx.acme.test", priority: 10 }], TXT: ["v=spf1 -all"] },
    "mx.acme.test": { A: ["127.0.0.1"] },
    "slow.test": { delayMs: 3_000 },
  });
});
afterAll(async () => {
  await dns?.close();
});

describe("DNS resolver", () => {
  it("answers from the configured servers, and bounds a slow one", async () => {
    const r = createDnsResolver({ servers: dns.servers, timeoutMs: 500, tries: 1 });
    expect(await r.mx("acme.test")).toEqual([{ exchange: "mx.acme.test", priority: 10 }]);
    expect(await r.txt("acme.test")).toEqual(["v=spf1 -all"]);
    expect(await r.a("mx.acme.test")).toEqual(["127.0.0.1"]);
    await expect(r.mx("nope.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(r.mx("slow.test")).rejects.toMatchObject({ code: "ETIMEOUT" });
  });
});
