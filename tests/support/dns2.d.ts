// The part of dns2 (no types of its own) that tests/support/dns-server.ts uses.
declare module "dns2" {
  type Question = { name: string; type: number; class: number };
  type Answer = Record<string, unknown> & { name: string; type: number; class: number; ttl: number };
  type Packet = { header: Record<string, unknown>; questions: Question[]; answers: Answer[] };
  type ListenOptions = { udp?: { port: number; address: string }; tcp?: { port: number; address: string } };
  type DnsServer = { listen(options: ListenOptions): Promise<void>; close(): Promise<void> };
  const dns2: {
    Packet: {
      TYPE: Record<"A" | "AAAA" | "MX" | "TXT" | "CNAME" | "NS" | "SOA", number>;
      CLASS: Record<"IN", number>;
      createResponseFromRequest(request: Packet): Packet;
    };
    createServer(options: {
      udp?: boolean;
      tcp?: boolean;
      handle(request: Packet, send: (response: Packet) => void, rinfo: unknown): void;
    }): DnsServer;
  };
  export default dns2;
}
