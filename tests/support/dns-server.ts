// A real DNS server on 127.0.0.1 for the tests (dns2, UDP and TCP): the app's
// resolver is pointed at it (DNS_SERVERS / createDnsResolver({ servers })).
// Zones are plain records per name; a name can also answer late or fail.
//
//   const dns = await startDnsServer({
//     "acme.test": { MX: [{ exchange: "mx.acme.test", priority: 10 }], TXT: ["v=spf1 -all"] },
//     "mx.acme.test": { A: ["127.0.0.1"] },
//     "slow.test": { delayMs: 5_000 },
//   });
//   createDnsResolver({ servers: dns.servers });

import dns2 from "dns2";
import { freePort } from "./free-port.ts";

export type DnsZone = {
  A?: string[];
  AAAA?: string[];
  MX?: { exchange: string; priority: number }[];
  TXT?: string[];
  /** The name this one is an alias of (a tracking host's record). */
  CNAME?: string;
  /** Answer this late (for timeouts). */
  delayMs?: number;
  /** Answer SERVFAIL. */
  fail?: boolean;
};

export type DnsServer = {
  port: number;
  /** For the resolver: ["127.0.0.1:PORT"]. */
  servers: string[];
  /** Adds or replaces a name's records. */
  set(name: string, zone: DnsZone): void;
  close(): Promise<void>;
};

const { Packet } = dns2;

/**
 * A TXT record's text as DNS carries it: strings of at most 255 bytes, which
 * resolvers join (a 2048-bit DKIM key is about 400 characters). ASCII only.
 */
function characterStrings(text: string): string[] {
  return text.match(/[\s\S]{1,255}/g) ?? [""];
}
const SERVFAIL = 2;

export async function startDnsServer(zones: Record<string, DnsZone> = {}): Promise<DnsServer> {
  const records = new Map<string, DnsZone>(Object.entries(zones).map(([k, v]) => [k.toLowerCase(), v]));
  // Late answers still pending: cancelled at close, or one would be sent on a
  // closed socket ("Not running") after the test that asked is over.
  const late = new Set<NodeJS.Timeout>();
  const server = dns2.createServer({
    udp: true,
    tcp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = String(question?.name ?? "").toLowerCase();
      const zone = records.get(name);
      const answer = () => {
        if (zone?.fail) {
          (response.header as { rcode: number }).rcode = SERVFAIL;
          send(response);
          return;
        }
        const base = { name, class: Packet.CLASS.IN, ttl: 60 };
        const type = question?.type;
        if (zone && type === Packet.TYPE.A)
          for (const address of zone.A ?? []) response.answers.push({ ...base, type, address });
        if (zone && type === Packet.TYPE.AAAA)
          for (const address of zone.AAAA ?? []) response.answers.push({ ...base, type, address });
        if (zone && type === Packet.TYPE.MX) {
          for (const mx of zone.MX ?? [])
            response.answers.push({ ...base, type, exchange: mx.exchange, priority: mx.priority });
        }
        // A CNAME is the answer to every question about the name (RFC 1034 §3.6.2); the
        // resolver asks for CNAME itself, and no test needs the target's records chased.
        if (zone?.CNAME !== undefined && type !== undefined)
          response.answers.push({ ...base, type: Packet.TYPE.CNAME, domain: zone.CNAME });
        if (zone && type === Packet.TYPE.TXT)
          for (const text of zone.TXT ?? []) response.answers.push({ ...base, type, data: characterStrings(text) });
        // A name we do not know: NXDOMAIN (rcode 3), as a real server answers.
        if (!zone) (response.header as { rcode: number }).rcode = 3;
        send(response);
      };
      if (zone?.delayMs) {
        const timer = setTimeout(() => {
          late.delete(timer);
          answer();
        }, zone.delayMs);
        late.add(timer);
      } else answer();
    },
  });
  // UDP and TCP on the same port: the resolver retries over TCP on the port it was given.
  const port = await freePort();
  await server.listen({ udp: { port, address: "127.0.0.1" }, tcp: { port, address: "127.0.0.1" } });
  return {
    port,
    servers: [`127.0.0.1:${port}`],
    set(name, zone) {
      records.set(name.toLowerCase(), zone);
    },
    close: () => {
      for (const timer of late) clearTimeout(timer);
      late.clear();
      return server.close() as Promise<void>;
    },
  };
}
