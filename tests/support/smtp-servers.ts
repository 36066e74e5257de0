// Real SMTP peers for tests: a server that only accepts the login u/p (535 for
// anything else), and a port where nothing listens.
import { createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export type RunningSmtpServer = { port: number; close: () => Promise<void> };

export async function startAuthSmtpServer(
  opts: { starttls?: boolean; user?: string } = {},
): Promise<RunningSmtpServer> {
  const user = opts.user ?? "u";
  const server = new SMTPServer({
    authMethods: ["PLAIN", "LOGIN"],
    allowInsecureAuth: true,
    // Without STARTTLS the client stays on plain text; with it, smtp-server
    // upgrades using its built-in self-signed certificate.
    disabledCommands: opts.starttls ? [] : ["STARTTLS"],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === "p") return callback(null, { user });
      callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A port nothing listens on (bound, read, released). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const address = probe.address();
  const port = typeof address === "object" && address ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
