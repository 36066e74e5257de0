// The connection test against real SMTP servers in this process (smtp-server),
// and the error → category mapping on the errors nodemailer produces.

import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closedPort, type RunningSmtpServer, startAuthSmtpServer } from "../../../tests/support/smtp-servers.ts";
import { classifySmtpError, type SmtpTestSettings, testSmtpConnection } from "./smtp-connection-test.ts";

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
    expect(await testSmtpConnection(settings({}))).toEqual({
      ok: true,
      category: null,
      message: `Connected to 127.0.0.1:${plain.port} and signed in as u.`,
    });
  });

  it("reports wrong credentials as authentication, without echoing the password", async () => {
    const result = await testSmtpConnection(settings({ password: "wrong-secret" }));
    expect(result.ok).toBe(false);
    expect(result.category).toBe("authentication");
    expect(result.message).toContain("rejected the username or password");
    expect(result.message).toContain("535");
    expect(result.message).not.toContain("wrong-secret");
  });

  it("reports a closed port as network", async () => {
    const port = await closedPort();
    const result = await testSmtpConnection(settings({ port }));
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toBe(
      `Could not connect to 127.0.0.1:${port}: the connection was refused. Check the host and port.`,
    );
  });

  it("reports SSL/TLS against a plain-text port as a TLS problem (network)", async () => {
    const result = await testSmtpConnection(settings({ security: "tls" }));
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toContain("The secure (TLS) connection");
  });

  it("reports an untrusted certificate (STARTTLS with a self-signed one) as network", async () => {
    const result = await testSmtpConnection(settings({ port: withStarttls.port, security: "starttls" }));
    expect(result).toMatchObject({ ok: false, category: "network" });
    expect(result.message).toMatch(/TLS certificate of 127\.0\.0\.1:\d+ is not trusted/);
  });

  it("times out on a server that never greets", async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    const port = typeof address === "object" && address ? address.port : 0;
    try {
      const result = await testSmtpConnection(settings({ port }), { timeoutMs: 300 });
      expect(result).toMatchObject({ ok: false, category: "network" });
      expect(result.message).toContain("timed out");
    } finally {
      silent.close();
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

  it("anything else → other, with the server's words", () => {
    const err = error("Invalid greeting. response=554 go away: 554 go away", { code: "EPROTOCOL" });
    expect(classifySmtpError(err, target)).toEqual({
      category: "other",
      message: "The SMTP server answered unexpectedly: Invalid greeting. response=554 go away: 554 go away",
    });
    expect(classifySmtpError("a string", target).category).toBe("other");
  });
});
