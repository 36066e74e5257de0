// Which IP addresses an outgoing connection made on a user's behalf (the
// automation webhook, a sender account's SMTP server) may connect to. Without this, a user could make the
// server call its own network: the cloud metadata service at 169.254.169.254,
// a database on 10.0.0.5, an admin page on localhost.
//
// Refused: unspecified, loopback, private (RFC 1918), carrier-grade NAT,
// link-local, unique-local, multicast, documentation, benchmarking and
// reserved ranges; IPv6 forms that carry an IPv4 address (mapped ::ffff:a.b.c.d,
// the old compatible ::a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged
// by the IPv4 address inside.
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";

type Range = readonly [base: bigint, prefix: number];

function ipv4ToInt(ip: string): number {
  return ip.split(".").reduce((n, part) => n * 256 + Number(part), 0);
}

const v4 = (cidr: string): [number, number] => {
  const [base, prefix] = cidr.split("/");
  return [ipv4ToInt(base!), Number(prefix)];
};

const blockedV4 = [
  "0.0.0.0/8", // "this network", includes 0.0.0.0
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata
  "172.16.0.0/12",
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.88.99.0/24", // 6to4 relay anycast
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, includes 255.255.255.255
].map(v4);

function ipv4Blocked(ip: string): boolean {
  const n = ipv4ToInt(ip);
  return blockedV4.some(([base, prefix]) => {
    const size = 2 ** (32 - prefix);
    return n >= base && n < base + size;
  });
}

/** An IPv6 address (already known valid) as a 128-bit number. */
function ipv6ToBigInt(ip: string): bigint {
  let text = ip.split("%")[0]!; // zone index (fe80::1%eth0)
  // A trailing dotted quad becomes two hextets.
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const n = ipv4ToInt(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === undefined ? headParts : [...headParts, ...Array(missing).fill("0"), ...tailParts];
  return parts.reduce((n, part) => (n << 16n) | BigInt(Number.parseInt(part || "0", 16)), 0n);
}

const v6 = (cidr: string): Range => {
  const [base, prefix] = cidr.split("/");
  return [ipv6ToBigInt(base!), Number(prefix)];
};

const inRange = (n: bigint, [base, prefix]: Range) => n >> BigInt(128 - prefix) === base >> BigInt(128 - prefix);

const blockedV6 = [
  "::/128", // unspecified
  "::1/128", // loopback
  "100::/64", // discard
  "2001:db8::/32", // documentation
  "fc00::/7", // unique-local
  "fe80::/10", // link-local
  "fec0::/10", // old site-local
  "ff00::/8", // multicast
].map(v6);

/** IPv6 ranges whose low 32 bits are an IPv4 address: judged by that address. */
const embedsV4 = ["::ffff:0:0/96", "::/96", "64:ff9b::/96", "64:ff9b:1::/48"].map(v6);
const sixToFour = v6("2002::/16");

function ipv4FromInt(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".");
}

function ipv6Blocked(ip: string): boolean {
  const n = ipv6ToBigInt(ip);
  if (blockedV6.some((r) => inRange(n, r))) return true;
  if (embedsV4.some((r) => inRange(n, r))) return ipv4Blocked(ipv4FromInt(Number(n & 0xffffffffn)));
  // 6to4: 2002:AABB:CCDD::/48 carries AA.BB.CC.DD in bits 16..48.
  if (inRange(n, sixToFour)) return ipv4Blocked(ipv4FromInt(Number((n >> 80n) & 0xffffffffn)));
  return false;
}

/**
 * True when `ip` is a public unicast address a user-typed host may resolve to.
 * Anything that is not an IP address at all is refused.
 */
export function isPublicAddress(ip: string): boolean {
  const address = ip.startsWith("[") && ip.endsWith("]") ? ip.slice(1, -1) : ip;
  if (isIPv4(address)) return !ipv4Blocked(address);
  if (isIPv6(address)) return !ipv6Blocked(address);
  return false;
}

/**
 * Whether connections to user-typed hosts may reach non-public addresses, and
 * the resolver to check (tests swap in one that answers like an attacker's DNS).
 * One policy for every such connection: automation webhooks
 * (WEBHOOK_ALLOW_PRIVATE) and sender accounts' mail servers (SMTP_ALLOW_PRIVATE).
 */
export type AddressPolicy = {
  /** Let private, loopback and link-local addresses through (intranet servers, tests). */
  allowPrivate: boolean;
  /** Defaults to the system's resolver (dns.lookup). */
  resolve?: typeof dnsLookup;
};

/** A host that is, or resolves to, an address the policy refuses. */
export class AddressNotAllowedError extends Error {
  /** Like a system error's code, so code that sorts socket errors by code can tell it apart. */
  readonly code = "EADDRNOTALLOWED";
  constructor(readonly host: string) {
    super(`${host} resolves to a private, loopback or otherwise non-public address`);
    this.name = "AddressNotAllowedError";
  }
}

const unbracketed = (host: string) => (host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host);

/**
 * The refusal for a host that is a literal IP address the policy does not
 * allow, else null. node:net never looks a literal address up, so the lookup
 * below never sees it: callers check it before connecting.
 */
export function refusedLiteral(host: string, policy: AddressPolicy): AddressNotAllowedError | null {
  const address = unbracketed(host);
  if (!isIP(address) || policy.allowPrivate || isPublicAddress(address)) return null;
  return new AddressNotAllowedError(host);
}

/**
 * A `lookup` for node:net (net.connect, http.request) that answers only with
 * addresses the policy allows, and fails if any answer is not. The socket
 * connects to exactly the addresses checked here, so a DNS answer that changes
 * between a check and the connection (rebinding) cannot slip one through.
 */
export function policyLookup(policy: AddressPolicy): LookupFunction {
  const resolve = policy.resolve ?? dnsLookup;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) {
        callback(err, "", 0);
        return;
      }
      const list = addresses as unknown as LookupAddress[];
      if (list.length === 0) {
        callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENODATA" }), "", 0);
        return;
      }
      // Every answer must pass: connecting tries them in turn (happy eyeballs).
      if (!policy.allowPrivate && list.some((a) => !isPublicAddress(a.address))) {
        callback(new AddressNotAllowedError(hostname), "", 0);
        return;
      }
      if (lookupOptions.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      } else {
        callback(null, list[0]!.address, list[0]!.family);
      }
    });
  };
}
