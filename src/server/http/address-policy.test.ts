import type { LookupAddress, lookup } from "node:dns";
import { describe, expect, it } from "vitest";
import { AddressNotAllowedError, isPublicAddress, policyLookup, refusedLiteral } from "./address-policy.ts";

describe("isPublicAddress", () => {
  it.each([
    "0.0.0.0",
    "0.1.2.3",
    "10.0.0.1",
    "10.255.255.255",
    "100.64.0.1",
    "100.127.255.254",
    "127.0.0.1",
    "127.8.9.10",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.1.1",
    "192.0.2.10",
    "198.18.0.1",
    "224.0.0.1",
    "239.255.255.250",
    "240.0.0.1",
    "255.255.255.255",
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "ff02::1",
    "2001:db8::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:10.0.0.1",
    "::ffff:169.254.169.254",
    "::127.0.0.1",
    "64:ff9b::a9fe:a9fe",
    "2002:c0a8:0101::1",
    "[::1]",
    "localhost",
    "",
    "not-an-ip",
  ])("refuses %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each([
    "8.8.8.8",
    "1.1.1.1",
    "100.63.255.255",
    "100.128.0.1",
    "172.15.255.255",
    "172.32.0.1",
    "192.169.0.1",
    "93.184.216.34",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:0808:0808::1",
    "[2606:4700:4700::1111]",
  ])("allows the public address %s", (ip) => {
    expect(isPublicAddress(ip)).toBe(true);
  });
});

describe("refusedLiteral", () => {
  it("refuses a literal non-public address unless private ones are allowed; names are left to the lookup", () => {
    expect(refusedLiteral("127.0.0.1", { allowPrivate: false })).toBeInstanceOf(AddressNotAllowedError);
    expect(refusedLiteral("[::1]", { allowPrivate: false })?.code).toBe("EADDRNOTALLOWED");
    expect(refusedLiteral("127.0.0.1", { allowPrivate: true })).toBeNull();
    expect(refusedLiteral("8.8.8.8", { allowPrivate: false })).toBeNull();
    expect(refusedLiteral("localhost", { allowPrivate: false })).toBeNull();
  });
});

describe("policyLookup", () => {
  const answering = (addresses: LookupAddress[]) =>
    ((_host: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) =>
      callback(null, addresses)) as unknown as typeof lookup;
  const run = (addresses: LookupAddress[], allowPrivate: boolean, all: boolean) =>
    new Promise<{ error: (Error & { code?: string }) | null; result: unknown }>((resolve) => {
      policyLookup({ allowPrivate, resolve: answering(addresses) })("mail.test", { all }, (error, address, family) =>
        resolve({ error, result: all ? address : { address, family } }),
      );
    });
  const v4 = (address: string) => ({ address, family: 4 });

  it("answers with what it checked: all addresses, or the first", async () => {
    const list = [v4("93.184.216.34"), v4("8.8.8.8")];
    expect(await run(list, false, true)).toEqual({ error: null, result: list });
    expect(await run(list, false, false)).toEqual({ error: null, result: { address: "93.184.216.34", family: 4 } });
  });

  it("fails if any answer is not public, unless private addresses are allowed", async () => {
    const list = [v4("93.184.216.34"), v4("10.1.2.3")];
    expect((await run(list, false, true)).error).toBeInstanceOf(AddressNotAllowedError);
    expect((await run(list, true, true)).error).toBeNull();
  });

  it("fails on an empty answer", async () => {
    expect((await run([], true, true)).error?.code).toBe("ENODATA");
  });
});
