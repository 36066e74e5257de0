// Opens the TCP connection of every SMTP session (nodemailer's getSocket
// hook), for the connection test and for delivery alike, so one address
// policy guards every connection to a user-typed mail server.
import { connect, type Socket } from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { type AddressPolicy, policyLookup, refusedLiteral } from "../../http/address-policy.ts";

export type GetSocketCallback = (error: Error | null, socket?: { connection: Socket } | false) => void;

/**
 * nodemailer's getSocket hook, which opens every SMTP connection:
 * - to an address the policy allows: the host is resolved by the policy's
 *   lookup and the socket connects to exactly the addresses it checked (no
 *   second resolution an attacker's DNS could answer differently); a literal
 *   IP is checked before connecting. Implicit TLS (port 465) runs over this
 *   socket too: nodemailer starts TLS on it at once, with the host name as
 *   the TLS server name, so the certificate is checked against the name;
 * - with Nagle's algorithm off. nodemailer writes a message and its
 *   terminating "." as separate small packets; with Nagle on, the second waits
 *   for the server's delayed ACK (40 ms on Linux), so every message costs that
 *   much idle time, many times its own delivery to a nearby server
 *   (docs/decisions/022-measurements-behind-the-code.md).
 * One deadline (connectionTimeout) covers the lookup and the connect.
 */
export function smtpSocketConnector(policy: AddressPolicy) {
  return (options: SMTPTransport.Options, callback: GetSocketCallback): void => {
    const host = options.host ?? "localhost";
    // nodemailer's own defaults when no port is given.
    const port = Number(options.port) || (options.secure ? 465 : 587);
    const refusal = refusedLiteral(host, policy);
    if (refusal) {
      setImmediate(() => callback(refusal));
      return;
    }
    let settled = false;
    const socket = connect({
      host: host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host,
      port,
      noDelay: true,
      lookup: policyLookup(policy),
    });
    const settle = (error: Error | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off("error", settle);
      if (error) {
        socket.destroy();
        callback(error);
        return;
      }
      socket.setKeepAlive(true);
      callback(null, { connection: socket });
    };
    const timer = setTimeout(
      () => settle(Object.assign(new Error("Connection timeout"), { code: "ETIMEDOUT" })),
      options.connectionTimeout ?? 120_000,
    );
    socket.once("connect", () => settle(null));
    socket.once("error", settle);
  };
}

/** The connector for hosts the app chose itself (the capture server; benchmarks' sinks). */
export const connectWithoutNagle = smtpSocketConnector({ allowPrivate: true });
