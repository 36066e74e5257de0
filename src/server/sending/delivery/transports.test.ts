// The transport factory over real SMTP: a sink in this process plays the
// capture server or a sender's own server, and injects the faults real servers
// produce; each must come out of deliver() as the right DeliveryError.
import { generateKeyPairSync } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { testDkimKeys, verifyDkim } from "../../../../tests/support/dkim-verify.ts";
import { closedPort, startAuthSmtpServer } from "../../../../tests/support/smtp-servers.ts";
import { type SmtpSink, smtpFaults, startSmtpSink } from "../../../../tests/support/smtp-sink.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { createLogger } from "../../logger.ts";
import { DeliveryError, type OutgoingMessage, type SenderAccountRow } from "../outgoing.ts";
import { unsavedSenderRow } from "../unsaved-sender.ts";
import { GMAIL_REFRESH_TOKEN_PURPOSE } from "./gmail-transport.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "./smtp-transport.ts";
import {
  createTransportFactory,
  SMTP_PASSWORD_PURPOSE,
  sendingConnectionOf,
  type TransportFactoryOptions,
} from "./transports.ts";

const secrets = createSecretBox("transport-test-secret-0123456789-abcdef");
const log = createLogger("silent");

function senderRow(patch: Partial<SenderAccountRow> = {}): SenderAccountRow {
  return {
    ...unsavedSenderRow("user-1", "jane@acme.test", new Date("2026-11-01T00:00:00Z")),
    id: "00000000-0000-4000-8000-000000000001",
    ...patch,
  };
}

function smtpSender(port: number, patch: Partial<SenderAccountRow> = {}): SenderAccountRow {
  return senderRow({
    smtpHost: "127.0.0.1",
    smtpPort: port,
    smtpSecurity: "none",
    smtpUsername: "jane",
    smtpPasswordEncrypted: secrets.encrypt("s3cret", SMTP_PASSWORD_PURPOSE),
    ...patch,
  });
}

function message(to = "bob@example.test", patch: Partial<OutgoingMessage> = {}): OutgoingMessage {
  return {
    from: { name: "Jane Smith", address: "jane@acme.test" },
    to,
    subject: "Hello Bob",
    html: "<p>Hi Bob</p>",
    text: "Hi Bob\n",
    messageId: `<${Math.random().toString(36).slice(2)}@acme.test>`,
    headers: {},
    ...patch,
  };
}

const liveConfig: TransportFactoryOptions["config"] = {
  mailDelivery: "live",
  gmailApiBaseUrl: "http://127.0.0.1:1",
  dkim: undefined,
  google: undefined,
  // The senders' servers here are sinks on loopback (SMTP_ALLOW_PRIVATE=on).
  smtpAllowPrivate: true,
};

async function deliveryError(promise: Promise<unknown>): Promise<DeliveryError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(DeliveryError);
    return error as DeliveryError;
  }
  throw new Error("expected the delivery to fail");
}

describe("capture mode", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("delivers every sender's mail over SMTP to the capture server, credentials or not, over one pool", async () => {
    const factory = createTransportFactory({
      config: { ...liveConfig, mailDelivery: "capture" },
      secrets,
      log,
      capturePort: sink.port,
    });
    try {
      const withSmtp = smtpSender(1);
      const without = senderRow({ id: "00000000-0000-4000-8000-000000000002", email: "tom@other.test" });
      expect(factory.forSender(withSmtp)).toBe(factory.forSender(without));
      await factory.forSender(withSmtp).deliver(message("a@example.test"));
      await factory
        .forSender(without)
        .deliver(message("b@example.test", { from: { name: "Tom", address: "tom@other.test" } }));
      expect(sink.messages.map((m) => m.envelope)).toEqual([
        { from: "jane@acme.test", to: ["a@example.test"] },
        { from: "tom@other.test", to: ["b@example.test"] },
      ]);
      expect(sink.connections).toBe(1);
    } finally {
      factory.closeAll();
    }
  });

  it("refuses to start without the capture port", () => {
    expect(() => createTransportFactory({ config: { ...liveConfig, mailDelivery: "capture" }, secrets, log })).toThrow(
      /capture server's port/,
    );
  });
});

describe("live mode over a sender's SMTP server", () => {
  let sink: SmtpSink;
  let factory: ReturnType<typeof createTransportFactory>;

  beforeAll(async () => {
    sink = await startSmtpSink({ auth: { username: "jane", password: "s3cret" } });
    // Short timeouts keep the timeout case quick; nothing else comes close to them.
    factory = createTransportFactory({
      config: liveConfig,
      secrets,
      log,
      smtp: { timeoutMs: 2000, socketTimeoutMs: 300 },
    });
  });
  afterEach(() => {
    sink.reset();
    factory.closeAll();
  });
  afterAll(() => sink.close());

  it("signs in with the decrypted password and delivers the message as rendered", async () => {
    const sent = message("bob@example.test", {
      inReplyTo: "<first@acme.test>",
      references: ["<first@acme.test>"],
      headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    });
    const result = await factory.forSender(smtpSender(sink.port)).deliver(sent);
    expect(result).toEqual({ messageId: sent.messageId, response: expect.stringMatching(/^250 /) });
    const [received] = sink.messages;
    expect(received?.user).toBe("jane");
    expect(received?.parsed.messageId).toBe(sent.messageId);
    expect(received?.parsed.inReplyTo).toBe("<first@acme.test>");
    expect(received?.parsed.from?.value).toEqual([{ name: "Jane Smith", address: "jane@acme.test" }]);
    expect(received?.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("keeps one pool per sender, and replaces it when the sender's connection changes", async () => {
    const sender = smtpSender(sink.port);
    const first = factory.forSender(sender);
    expect(factory.forSender({ ...sender })).toBe(first);
    await first.deliver(message());
    await first.deliver(message());
    expect(sink.connections).toBe(1);

    const edited = { ...sender, updatedAt: new Date("2026-11-02T00:00:00Z") };
    const second = factory.forSender(edited);
    expect(second).not.toBe(first);
    await second.deliver(message());
    expect(sink.connections).toBe(2);
  });

  it("550 5.1.1 at RCPT → invalid_address, permanent, with the server's reply", async () => {
    sink.addFault(smtpFaults.rejectRecipient("nobody@example.test"));
    const error = await deliveryError(factory.forSender(smtpSender(sink.port)).deliver(message("nobody@example.test")));
    expect(error).toMatchObject({
      category: "invalid_address",
      permanent: true,
      details: { responseCode: 550, enhancedCode: "5.1.1", code: "EENVELOPE" },
    });
    expect(error.message).toBe(
      'The server refused the recipient nobody@example.test: "550 5.1.1 <nobody@example.test>: Recipient address rejected"',
    );
    expect(sink.messages).toHaveLength(0);
  });

  it("421 4.7.0 once → rate_limited, temporary; the next attempt is delivered", async () => {
    sink.addFault(smtpFaults.tryAgainLater("bob@example.test"));
    const transport = factory.forSender(smtpSender(sink.port));
    const error = await deliveryError(transport.deliver(message()));
    expect(error).toMatchObject({ category: "rate_limited", permanent: false, details: { responseCode: 421 } });
    // The server closed that connection after its 421; the pool opens another.
    await transport.deliver(message());
    expect(sink.messages).toHaveLength(1);
  });

  it("a connection dropped mid-DATA → network, temporary, nothing delivered, and no resend behind our back", async () => {
    sink.addFault(smtpFaults.dropMidData());
    const transport = factory.forSender(smtpSender(sink.port));
    const error = await deliveryError(transport.deliver(message()));
    expect(error).toMatchObject({ category: "network", permanent: false });
    expect(sink.events).toEqual([{ stage: "data", recipient: "bob@example.test", outcome: "dropped" }]);
    expect(sink.messages).toHaveLength(0);
    // Retried by the caller, the message arrives exactly once.
    await transport.deliver(message());
    expect(sink.messages).toHaveLength(1);
    expect(sink.connections).toBe(2);
  });

  it("a server slower than the socket timeout → network, temporary", async () => {
    sink.addFault(smtpFaults.delay(600, { times: 1 }));
    const error = await deliveryError(factory.forSender(smtpSender(sink.port)).deliver(message()));
    expect(error).toMatchObject({ category: "network", permanent: false, details: { code: "ETIMEDOUT" } });
  });

  it.each([
    ["554 5.7.1 Message rejected as spam", "spam", true],
    ["552 5.2.2 Mailbox full", "bounced", true],
    ["552 5.3.4 Message size exceeds fixed limit", "content_filtered", true],
    ["451 4.3.0 Local error in processing", "other", false],
  ] as const)("%s after DATA → %s", async (reply, category, permanent) => {
    sink.addFault(smtpFaults.rejectMessage(reply, { times: 1 }));
    const error = await deliveryError(factory.forSender(smtpSender(sink.port)).deliver(message()));
    expect(error).toMatchObject({ category, permanent, details: { response: reply } });
    expect(error.message).toBe(`The server refused the message: "${reply}"`);
  });

  it("a wrong password → authentication, permanent, without the password in the message", async () => {
    const sender = smtpSender(sink.port, {
      smtpPasswordEncrypted: secrets.encrypt("wrong-pass", SMTP_PASSWORD_PURPOSE),
    });
    const error = await deliveryError(factory.forSender(sender).deliver(message()));
    expect(error).toMatchObject({ category: "authentication", permanent: true, details: { responseCode: 535 } });
    expect(error.message).toContain("rejected the username or password");
    expect(error.message).not.toContain("wrong-pass");
  });

  it("a refusal at MAIL FROM names the sender address", async () => {
    sink.addFault({ stage: "mail", reply: "553 5.7.1 Sender address rejected: not owned by user jane", times: 1 });
    const error = await deliveryError(factory.forSender(smtpSender(sink.port)).deliver(message()));
    expect(error).toMatchObject({ category: "rejected", reason: "policy", permanent: true });
    expect(error.message).toBe(
      'The server refused the sender address: "553 5.7.1 Sender address rejected: not owned by user jane"',
    );
  });

  it("upgrades with STARTTLS when the sender asks for it (an untrusted certificate → network)", async () => {
    const server = await startAuthSmtpServer({ starttls: true });
    try {
      const sender = smtpSender(server.port, { smtpSecurity: "starttls", smtpUsername: "u" });
      const error = await deliveryError(factory.forSender(sender).deliver(message()));
      expect(error).toMatchObject({ category: "network", permanent: false });
      expect(error.message).toMatch(/^The TLS certificate of 127\.0\.0\.1:\d+ is not trusted/);
    } finally {
      factory.closeAll();
      await server.close();
    }
  });

  it("a closed port fails every message queued behind its failed connections (none waits for good)", async () => {
    const port = await closedPort();
    const transport = factory.forSender(smtpSender(port));
    const errors = await Promise.all(Array.from({ length: 6 }, () => deliveryError(transport.deliver(message()))));
    expect(errors.map((e) => e.category)).toEqual(Array(6).fill("network"));
  });

  it("a closed port → network, temporary", async () => {
    const port = await closedPort();
    const error = await deliveryError(factory.forSender(smtpSender(port)).deliver(message()));
    expect(error).toMatchObject({ category: "network", permanent: false });
    expect(error.message).toBe(
      `Could not connect to 127.0.0.1:${port}: the connection was refused. Check the host and port.`,
    );
  });
});

describe("live mode: the address policy (SMTP_ALLOW_PRIVATE off)", () => {
  let sink: SmtpSink;
  let factory: ReturnType<typeof createTransportFactory>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    factory = createTransportFactory({ config: { ...liveConfig, smtpAllowPrivate: false }, secrets, log });
  });
  afterAll(async () => {
    factory.closeAll();
    await sink.close();
  });

  it.each([
    ["127.0.0.1", "none"],
    ["127.0.0.1", "starttls"],
    // Implicit TLS is opened by the same guarded connect.
    ["127.0.0.1", "tls"],
    ["localhost", "none"],
    ["[::1]", "none"],
    ["::ffff:127.0.0.1", "none"],
  ] as const)(
    "refuses a sender at %s (%s) before connecting: network, permanent, with what to do",
    async (host, security) => {
      const error = await deliveryError(
        factory.forSender(smtpSender(sink.port, { smtpHost: host, smtpSecurity: security })).deliver(message()),
      );
      expect({
        category: error.category,
        permanent: error.permanent,
        code: error.details.code,
        message: error.message,
      }).toEqual({
        category: "network",
        permanent: true,
        code: "EADDRNOTALLOWED",
        message: `The SMTP host ${host} is not allowed: it points to a private or local network.`,
      });
      expect(error.details.suggestion).toBe(ADDRESS_NOT_ALLOWED_SUGGESTION);
      expect(sink.connections).toBe(0);
    },
  );

  it("fails every message queued behind connections that could not be opened (none waits for good)", async () => {
    // More messages than the pool has connections: the ones queued behind the
    // failed connections used to wait forever (nodemailer kept the dead slots).
    const transport = factory.forSender(smtpSender(sink.port, { smtpHost: "127.0.0.1" }));
    const errors = await Promise.all(Array.from({ length: 6 }, () => deliveryError(transport.deliver(message()))));
    expect(errors.map((e) => e.details.code)).toEqual(Array(6).fill("EADDRNOTALLOWED"));
    expect(sink.connections).toBe(0);
  });

  it("leaves the capture server alone: the app chose that address", async () => {
    const capture = createTransportFactory({
      config: { ...liveConfig, mailDelivery: "capture", smtpAllowPrivate: false },
      secrets,
      log,
      capturePort: sink.port,
    });
    try {
      await capture.forSender(senderRow()).deliver(message());
      expect(sink.messages).toHaveLength(1);
    } finally {
      capture.closeAll();
    }
  });
});

describe("live mode without a usable connection", () => {
  const factory = createTransportFactory({ config: liveConfig, secrets, log });

  it("fails with what to set up, permanently", async () => {
    const error = await deliveryError(factory.forSender(senderRow()).deliver(message()));
    expect(error).toMatchObject({ category: "authentication", permanent: true });
    expect(error.message).toBe("No sending connection for jane@acme.test: set it up in Senders");
  });

  it("fails when the stored password no longer decrypts", async () => {
    const other = createSecretBox("another-secret-another-secret-0123456789");
    const sender = smtpSender(25, { smtpPasswordEncrypted: other.encrypt("x", SMTP_PASSWORD_PURPOSE) });
    const error = await deliveryError(factory.forSender(sender).deliver(message()));
    expect(error).toMatchObject({ category: "authentication", permanent: true });
    expect(error.message).toContain("could not be decrypted");
  });

  it("fails for a Gmail-only sender when Google OAuth is not configured", async () => {
    const sender = senderRow({
      provider: "gmail",
      gmailRefreshTokenEncrypted: secrets.encrypt("refresh", GMAIL_REFRESH_TOKEN_PURPOSE),
    });
    expect(sendingConnectionOf(sender)).toBe("gmail");
    const error = await deliveryError(factory.forSender(sender).deliver(message()));
    expect(error.message).toContain("needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET");
  });

  it("prefers SMTP over Gmail OAuth when both are stored, and needs all SMTP fields", () => {
    const both = smtpSender(25, { gmailRefreshTokenEncrypted: "v1.x.y.z" });
    expect(sendingConnectionOf(both)).toBe("smtp");
    expect(sendingConnectionOf(smtpSender(25, { smtpPasswordEncrypted: null }))).toBeNull();
  });
});

describe("DKIM", () => {
  let sink: SmtpSink;
  const privateKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
    type: "pkcs8",
    format: "pem",
  }) as string;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("signs mail from the configured domain only", async () => {
    const factory = createTransportFactory({
      config: { ...liveConfig, mailDelivery: "capture", dkim: { domains: ["acme.test"], selector: "cr1", privateKey } },
      secrets,
      log,
      capturePort: sink.port,
    });
    try {
      const transport = factory.forSender(senderRow());
      await transport.deliver(message());
      await transport.deliver(message("c@example.test", { from: { name: "Tom", address: "tom@other.test" } }));
      const [signed, unsigned] = sink.messages;
      expect(signed?.header("DKIM-Signature")).toMatch(/\bd=acme\.test;.*\bs=cr1;/);
      expect(unsigned?.header("DKIM-Signature")).toBeUndefined();
    } finally {
      factory.closeAll();
    }
  });

  it("signs with the message's own key (a user's), unless DKIM_* covers the domain, which takes precedence", async () => {
    sink.reset();
    const own = testDkimKeys();
    const factory = createTransportFactory({
      config: { ...liveConfig, mailDelivery: "capture", dkim: { domains: ["acme.test"], selector: "cr1", privateKey } },
      secrets,
      log,
      capturePort: sink.port,
    });
    try {
      const transport = factory.forSender(senderRow());
      const userKey = (domainName: string) => ({ domainName, keySelector: "mine", privateKey: own.privateKey });
      // Covered by the environment's key: signed with it, not the user's.
      await transport.deliver(message("a@example.test", { dkim: userKey("acme.test") }));
      // Not covered: the user's own key.
      await transport.deliver(
        message("b@example.test", { from: { name: "Tom", address: "tom@other.test" }, dkim: userKey("other.test") }),
      );
      // A key for another domain than the From's is never used.
      await transport.deliver(
        message("c@example.test", { from: { name: "Tom", address: "tom@third.test" }, dkim: userKey("other.test") }),
      );
      const [a, b, c] = sink.messages;
      expect(a?.header("DKIM-Signature")).toMatch(/\bd=acme\.test;.*\bs=cr1;/);
      const verdict = await verifyDkim(b!.raw, { "mine._domainkey.other.test": own.record });
      expect(verdict).toMatchObject({ status: "pass", domain: "other.test", selector: "mine" });
      expect(c?.header("DKIM-Signature")).toBeUndefined();
    } finally {
      factory.closeAll();
    }
  });
});
