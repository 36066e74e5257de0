// The connection test against real SMTP servers in this process (smtp-server),
// and the error → category mapping on the errors nodemailer produces.

import type { LookupAddress, lookup } from "node:dns";
import { createServer } from "node:net";
import { createSecureContext, createServer as createTlsServer } from "node:tls";
import getTLSOptions from "smtp-server/lib/tls-options.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, type RunningSmtpServer, startAuthSmtpServer } from "../../../../tests/support/smtp-servers.ts";
import { classifySmtpError, type SmtpTestSettings, testSmtpConnection } from "./smtp-connection-test.ts";

/** The servers here are on loopback: private addresses allowed (SMTP_ALLOW_PRIVATE=on). */
const local = { addressPolicy: { allowPrivate: true } };

describe("testSmtpConnection against a real server", () => {
  let plain: RunningSmtpServer;
  let withStarttls: RunningSmtpServer;
  const settings = (patch: Partial<SmtpTestSettings>): SmtpTestSettings => ({
    host: "127.0.0.1",
    port: plain.port,
    security: "none",
    username: "u",
    password: "p",
    ...patch,
  });

  beforeAll(async () => {
    plain = await startAuthSmtpServer();
    withStarttls = await startAuthSmtpServer({ starttls: true });
  });
  afterAll(async () => {
    await plain?.close();
    await withStarttls?.close();
  });

  it("signs in with the right credentials", async () => {
    expect(await testSmtpConnection(settings({}), local)).toEqual({
      ok: true,
      category: null,
      message: `Connected to 127.0.0.1:${plain.port} and signed in as u.`,
    });
  });

  it("reports wrong credentials as authentication, without echoing the password", async () => {
    const result = await testSmtpConnection(settings({ password: "wrong-secret" }), local);
    expect(result.ok).toBe(false);
    expect(result.category).toBe("authentication");
    expect(result.message).toContain("rejected the username or password");
    expect(result.message).toContain("535");
    expect(result.message).not.toContain("wrong-secret");
  });

  it("reports a closed port as network", async () => {
    const port = await closedPort();
    const result = await testSmtpConnection(settings({ port }), local);
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toBe(
      `Could not connect to 127.0.0.1:${port}: the connection was refused. Check the host and port.`,
    );
  });

  it("reports SSL/TLS against a plain-text port as a TLS problem (network)", async () => {
    const result = await testSmtpConnection(settings({ security: "tls" }), local);
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toContain("The secure (TLS) connection");
  });

  it("reports an untrusted certificate (STARTTLS with a self-signed one) as network", async () => {
    const result = await testSmtpConnection(settings({ port: withStarttls.port, security: "starttls" }), local);
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toMatch(/TLS certificate of 127\.0\.0\.1:\d+ is not trusted/);
  });

  it("times out on a server that never greets", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const result = await testSmtpConnection(settings({ port }), { ...local, timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, category: "network" });
      expect(result.message).toContain("timed out");
    } finally {
      silent.close();
    }
  });
});

/** A resolver that answers every name with these addresses, like an attacker's DNS would. */
function fakeDns(addresses: LookupAddress[]) {
  const asked: string[] = [];
  const resolve = ((hostname: string, _options: unknown, callback: (e: null, a: LookupAddress[]) => void) => {
    asked.push(hostname);
    callback(null, addresses);
  }) as unknown as typeof lookup;
  return { resolve, asked };
}

describe("testSmtpConnection: the address policy", () => {
  let server: RunningSmtpServer;
  beforeAll(async () => {
    server = await startAuthSmtpServer();
  });
  afterAll(() => server?.close());
  const settings = (host: string, security: SmtpTestSettings["security"] = "none"): SmtpTestSettings => ({
    host,
    port: server.port,
    security,
    username: "u",
    password: "p",
  });
  const refused = (host: string) => ({
    ok: false,
    category: "network",
    message: `The SMTP host ${host} is not allowed: it points to a private or local network.`,
  });

  it("connects to the address the policy's lookup checked (the name is never looked up again)", async () => {
    const dns = fakeDns([{ address: "127.0.0.1", family: 4 }]);
    const result = await testSmtpConnection(settings("mail.rebind.test"), {
      addressPolicy: { allowPrivate: true, resolve: dns.resolve },
    });
    expect(result.ok).toBe(true);
    expect(dns.asked).toEqual(["mail.rebind.test"]);
  });

  it("refuses a name that resolves to loopback, and a mixed answer with one private address", async () => {
    const loopback = fakeDns([{ address: "127.0.0.1", family: 4 }]);
    expect(
      await testSmtpConnection(settings("mail.rebind.test"), {
        addressPolicy: { allowPrivate: false, resolve: loopback.resolve },
      }),
    ).toEqual(refused("mail.rebind.test"));
    const mixed = fakeDns([
      { address: "93.184.216.34", family: 4 },
      { address: "fd00::1", family: 6 },
    ]);
    expect(
      await testSmtpConnection(settings("mail.mixed.test", "tls"), {
        addressPolicy: { allowPrivate: false, resolve: mixed.resolve },
      }),
    ).toEqual(refused("mail.mixed.test"));
  });

  it("refuses literal private addresses without a lookup", async () => {
    const dns = fakeDns([{ address: "93.184.216.34", family: 4 }]);
    for (const host of ["127.0.0.1", "169.254.169.254", "[fe80::1]", "::ffff:10.0.0.1"]) {
      expect(
        await testSmtpConnection(settings(host), { addressPolicy: { allowPrivate: false, resolve: dns.resolve } }),
      ).toEqual(refused(host));
    }
    expect(dns.asked).toEqual([]);
  });

  it("runs implicit TLS over the checked connection with the host name as the TLS server name", async () => {
    const names: string[] = [];
    const context = createSecureContext(getTLSOptions({}));
    const tlsServer = createTlsServer({
      SNICallback: (name, callback) => {
        names.push(name);
        callback(null, context);
      },
    });
    tlsServer.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => tlsServer.listen(0, "127.0.0.1", resolve));
    const address = tlsServer.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const dns = fakeDns([{ address: "127.0.0.1", family: 4 }]);
      const result = await testSmtpConnection(
        { ...settings("mail.rebind.test", "tls"), port },
        { addressPolicy: { allowPrivate: true, resolve: dns.resolve } },
      );
      expect(names).toEqual(["mail.rebind.test"]);
      // Its certificate is smtp-server's built-in one, issued for another name.
      expect(result).toMatchObject({ ok: false, category: "network" });
      expect(result.message).toMatch(/^The TLS certificate of mail\.rebind\.test:\d+ is not trusted/);
    } finally {
      tlsServer.close();
    }
  });
});

describe("classifySmtpError", () => {
  const target = { host: "smtp.example.com", port: 587 };
  const error = (message: string, fields: Record<string, unknown>) => Object.assign(new Error(message), fields);

  it.each([
    ["EAUTH 535", error("Invalid login: 535 5.7.8 Bad credentials", { code: "EAUTH", responseCode: 535 })],
    [
      "EAUTH 534",
      error("Invalid login: 534 5.7.9 Application-specific password required", { code: "EAUTH", responseCode: 534 }),
    ],
    ["535 without a code", error("535 Authentication failed", { responseCode: 535 })],
    ["missing credentials", error('Missing credentials for "PLAIN"', { code: "EAUTH" })],
  ])("%s → authentication", (_name, err) => {
    expect(classifySmtpError(err, target).category).toBe("authentication");
  });

  it("asks for an app password on 534", () => {
    const err = error("Invalid login: 534", { code: "EAUTH", responseCode: 534 });
    expect(classifySmtpError(err, target).message).toContain("app password");
  });

  it.each([
    ["refused", error("connect ECONNREFUSED 10.0.0.1:587", { code: "ESOCKET" }), "refused"],
    ["connection timeout", error("Connection timeout", { code: "ETIMEDOUT" }), "timed out"],
    ["greeting timeout", error("Greeting never received", { code: "ETIMEDOUT" }), "timed out"],
    ["closed", error("Connection closed unexpectedly", { code: "ECONNECTION" }), "closed unexpectedly"],
    ["reset", error("read ECONNRESET", { code: "ESOCKET" }), "ECONNRESET"],
    ["DNS no answer", error("getaddrinfo EAI_AGAIN smtp.example.com", { code: "EDNS" }), "could not be looked up"],
    ["TLS version", error("SSL routines:ssl3_get_record:wrong version number", { code: "ESOCKET" }), "port 465"],
    ["STARTTLS refused", error("Error upgrading connection with STARTTLS", { code: "ETLS" }), "STARTTLS"],
    ["certificate", error("Error initiating TLS - self-signed certificate", { code: "ETLS" }), "not trusted"],
    ["expired", error("certificate has expired", { code: "ESOCKET" }), "not trusted"],
  ])("%s → network", (_name, err, words) => {
    const result = classifySmtpError(err, target);
    expect(result.category).toBe("network");
    expect(result.message).toContain(words);
  });

  it("a host name that does not exist → domain_issue", () => {
    const err = error("getaddrinfo ENOTFOUND smtp.exmaple.com", { code: "EDNS" });
    expect(classifySmtpError(err, target)).toEqual({
      category: "domain_issue",
      message: "The server name smtp.example.com could not be found. Check the SMTP host.",
    });
    expect(classifySmtpError(error("queryA ENOTFOUND x", { code: "ENOTFOUND" }), target).category).toBe("domain_issue");
  });

  it("a greeting that is not SMTP → other, without the bytes the peer sent", () => {
    const banner = "SSH-2.0-OpenSSH_9.6 build-4711";
    const err = error(`Invalid greeting. response=${banner}: ${banner}`, { code: "EPROTOCOL", response: banner });
    expect(classifySmtpError(err, target)).toEqual({
      category: "other",
      message:
        "The server at smtp.example.com:587 is not an SMTP server (it did not greet as one). Check the host and port.",
    });
  });

  it("a 4xx/5xx greeting → network, with its reply code only", () => {
    const reply = "554 5.7.1 go away, build-4711";
    const err = error(`Invalid greeting. response=${reply}: ${reply}`, { code: "EPROTOCOL", response: reply });
    const result = classifySmtpError(err, target);
    expect(result.category).toBe("network");
    expect(result.message).toContain("(reply code 554)");
    expect(result.message).not.toContain("build-4711");
  });

  it("shows an SMTP reply after the greeting, shortened to 200 characters; never other text", () => {
    const long = `500 5.5.1 ${"x".repeat(400)}`;
    const unexpected = classifySmtpError(
      error(`Unexpected Response: ${long}`, { code: "EPROTOCOL", response: long }),
      target,
    );
    expect(unexpected.category).toBe("other");
    expect(unexpected.message).toBe(
      `The SMTP server answered unexpectedly. The server said: "${long.slice(0, 200)}…".`,
    );

    const closed = error("Connection closed unexpectedly: SSH-2.0-OpenSSH", {
      code: "ECONNECTION",
      response: "SSH-2.0-OpenSSH",
    });
    expect(classifySmtpError(closed, target).message).toBe(
      "The connection to smtp.example.com:587 was closed unexpectedly. Check the port and security setting.",
    );
    expect(classifySmtpError(error("odd", { code: "EPROTOCOL", response: "+OK POP3 ready" }), target).message).toBe(
      "The SMTP server at smtp.example.com:587 answered unexpectedly (EPROTOCOL).",
    );
    expect(classifySmtpError("a string", target).category).toBe("other");
  });

  it("describes an untrusted certificate in fixed words, not the certificate's own names", () => {
    const altname = error(
      "Hostname/IP does not match certificate's altnames: Host: smtp.example.com. is not in the cert's altnames: DNS:db.internal.corp",
      { code: "ESOCKET" },
    );
    expect(classifySmtpError(altname, target).message).toBe(
      "The TLS certificate of smtp.example.com:587 is not trusted (it is not issued for smtp.example.com).",
    );
    const expired = error("Error initiating TLS - certificate has expired", { code: "ETLS" });
    expect(classifySmtpError(expired, target).message).toContain("(it has expired)");
  });

  it("the address policy's refusal → network, naming the host", () => {
    const refusal = Object.assign(new Error("10.0.0.5 resolves to a private address"), { code: "EADDRNOTALLOWED" });
    expect(classifySmtpError(refusal, { host: "10.0.0.5", port: 25 })).toEqual({
      category: "network",
      message: "The SMTP host 10.0.0.5 is not allowed: it points to a private or local network.",
    });
  });
});
