// The server side of domain health: DKIM keys checked with node:crypto, and
// SPF trees resolved through a real DNS server, include loops bounded.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countLookups } from "#shared/domain-health/spf.ts";
import { type DnsServer, startDnsServer } from "../../../../tests/support/dns-server.ts";
import { createDnsResolver } from "../../dns/resolver.ts";
import { lookup, publicKeyDer, publicKeyOfPrivate, resolveSpfTree } from "./dns-facts.ts";

describe("DKIM keys", () => {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", { modulusLength: 1024 });
  const spki = publicKey.export({ type: "spki", format: "der" }).toString("base64");

  it("accepts SPKI and PKCS#1 keys as the same key, and refuses junk", () => {
    const pkcs1 = publicKey.export({ type: "pkcs1", format: "der" }).toString("base64");
    expect(publicKeyDer(spki)).toBe(spki);
    expect(publicKeyDer(`${spki.slice(0, 20)} ${spki.slice(20)}`)).toBe(spki);
    expect(publicKeyDer(pkcs1)).toBe(spki);
    expect(publicKeyDer("bm90IGEga2V5")).toBeNull();
    expect(publicKeyDer("")).toBeNull();
  });

  it("derives the public key of the configured private key", () => {
    expect(publicKeyOfPrivate(privateKey.export({ type: "pkcs8", format: "pem" }) as string)).toBe(spki);
  });
});

describe("SPF trees", () => {
  let dns: DnsServer;
  beforeAll(async () => {
    dns = await startDnsServer({
      "loop-a.test": { TXT: ["v=spf1 include:loop-b.test -all"] },
      "loop-b.test": { TXT: ["v=spf1 include:loop-a.test -all"] },
      "tree.test": {
        TXT: ["v=spf1 a mx include:inc.test include:missing.test -all"],
        A: ["192.0.2.1"],
        MX: [{ exchange: "mx.tree.test", priority: 5 }],
      },
      "mx.tree.test": { A: ["192.0.2.2"] },
      "inc.test": { TXT: ["v=spf1 ip4:198.51.100.0/24 -all"] },
      "down.test": { fail: true },
    });
  });
  afterAll(() => dns?.close());

  it("resolves includes, a and mx addresses; a missing include has no record", async () => {
    const resolver = createDnsResolver({ servers: dns.servers, timeoutMs: 1_000, tries: 1 });
    const tree = await resolveSpfTree(resolver, "tree.test", "v=spf1 a mx include:inc.test include:missing.test -all");
    expect(tree.addresses.sort()).toEqual(["192.0.2.1", "192.0.2.2"]);
    expect(tree.children.map((c) => [c.domain, c.record, c.error])).toEqual([
      ["inc.test", "v=spf1 ip4:198.51.100.0/24 -all", undefined],
      ["missing.test", null, "no SPF record"],
    ]);
    expect(countLookups(tree)).toBe(4);
  });

  it("stops following an include loop", async () => {
    const resolver = createDnsResolver({ servers: dns.servers, timeoutMs: 1_000, tries: 1 });
    const tree = await resolveSpfTree(resolver, "loop-a.test", "v=spf1 include:loop-b.test -all");
    // Depth-bounded: a loop counts well over 10 lookups (it is an error for receivers too) and ends.
    expect(countLookups(tree)).toBeGreaterThan(5);
  });

  it("tells a failed lookup (null) from no record ([])", async () => {
    const resolver = createDnsResolver({ servers: dns.servers, timeoutMs: 1_000, tries: 1 });
    expect(await lookup(() => resolver.txt("down.test"))).toBeNull();
    expect(await lookup(() => resolver.txt("nothing.test"))).toEqual([]);
  });
});
