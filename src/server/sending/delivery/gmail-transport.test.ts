// The Gmail API transport against a fake Google in this process (OAuth token
// endpoint and users.messages.send): no network.
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeGoogle, startFakeGoogle } from "../../../../tests/support/fake-google.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { createLogger } from "../../logger.ts";
import { DeliveryError, type OutgoingMessage, type SenderAccountRow } from "../outgoing.ts";
import { createGmailTransport, GMAIL_REFRESH_TOKEN_PURPOSE, type GmailTransportOptions } from "./gmail-transport.ts";
import { createTransportFactory } from "./transports.ts";

const message: OutgoingMessage = {
  from: { name: "Jane Smith", address: "jane@gmail.test" },
  to: "bob@example.test",
  subject: "Hello Bob",
  html: "<p>Hi Bob</p>",
  text: "Hi Bob\n",
  messageId: "<m1@gmail.test>",
  inReplyTo: "<m0@gmail.test>",
  references: ["<m0@gmail.test>"],
  headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
};

describe("Gmail API transport", () => {
  let google: FakeGoogle;
  const transport = (extra: Partial<GmailTransportOptions> = {}) =>
    createGmailTransport({
      senderEmail: "jane@gmail.test",
      refreshToken: "rt-1",
      clientId: "cid",
      clientSecret: "csecret",
      apiBaseUrl: google.url,
      tokenUrl: `${google.url}/token`,
      ...extra,
    });

  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  beforeEach(() => {
    google.tokenRequests.length = 0;
    google.sends.length = 0;
    google.tokenReplies.length = 0;
    google.sendReplies.length = 0;
    google.sendDelayMs = 0;
    google.maxSendsInFlight = 0;
  });
  afterAll(() => google.close());

  it("exchanges the refresh token once and posts the RFC 822 message base64url-encoded", async () => {
    const gmail = transport();
    expect(await gmail.deliver(message)).toEqual({
      messageId: "<m1@gmail.test>",
      response: "Gmail API accepted the message (id 18c0ffee)",
    });
    await gmail.deliver(message);

    expect(google.tokenRequests.map((p) => Object.fromEntries(p))).toEqual([
      { client_id: "cid", client_secret: "csecret", refresh_token: "rt-1", grant_type: "refresh_token" },
    ]);
    expect(google.sends.map((s) => s.authorization)).toEqual(["Bearer at-1", "Bearer at-1"]);
    const parsed = await simpleParser(google.sends[0]!.raw);
    expect(parsed.from?.value).toEqual([{ name: "Jane Smith", address: "jane@gmail.test" }]);
    expect(parsed.messageId).toBe("<m1@gmail.test>");
    expect(parsed.inReplyTo).toBe("<m0@gmail.test>");
    expect(parsed.subject).toBe("Hello Bob");
    expect(parsed.html).toBe("<p>Hi Bob</p>");
    expect(parsed.text).toBe("Hi Bob\n");
    expect(parsed.headerLines.find((h) => h.key === "list-unsubscribe-post")?.line).toBe(
      "List-Unsubscribe-Post: List-Unsubscribe=One-Click",
    );
  });

  it("sends one account's messages two at a time, however many are handed over at once", async () => {
    google.sendDelayMs = 30;
    const gmail = transport();
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => gmail.deliver({ ...message, messageId: `<m${i}@gmail.test>` })),
    );
    expect(results.map((r) => r.messageId)).toEqual(Array.from({ length: 8 }, (_, i) => `<m${i}@gmail.test>`));
    expect(google.sends).toHaveLength(8);
    expect(google.maxSendsInFlight).toBe(2);
  });

  it("a failed send gives its turn to the next", async () => {
    google.sendReplies.push({ status: 400, body: { error: { code: 400, message: "Invalid To header" } } });
    const gmail = transport({ maxConcurrent: 1 });
    const [first, second] = await Promise.allSettled([gmail.deliver(message), gmail.deliver(message)]);
    expect(first.status).toBe("rejected");
    expect(second.status).toBe("fulfilled");
  });

  it("gets a fresh token and tries once more on a 401", async () => {
    const gmail = transport();
    google.sendReplies.push({ status: 401, body: { error: { code: 401, message: "Invalid Credentials" } } });
    await gmail.deliver(message);
    expect(google.tokenRequests).toHaveLength(2);
    const [refused, retried] = google.sends.map((s) => s.authorization);
    expect(retried).toMatch(/^Bearer at-\d+$/);
    expect(retried).not.toBe(refused);
  });

  async function failure(setup: () => void): Promise<DeliveryError> {
    setup();
    try {
      await transport().deliver(message);
    } catch (error) {
      expect(error).toBeInstanceOf(DeliveryError);
      return error as DeliveryError;
    }
    throw new Error("expected the delivery to fail");
  }

  it("a revoked refresh token → authentication, permanent: reconnect", async () => {
    const error = await failure(() =>
      google.tokenReplies.push({
        status: 400,
        body: { error: "invalid_grant", error_description: "Token has been expired or revoked." },
      }),
    );
    expect(error).toMatchObject({ category: "authentication", permanent: true, details: { code: "invalid_grant" } });
    expect(error.message).toBe(
      "Gmail access for jane@gmail.test was revoked or has expired (Token has been expired or revoked.): reconnect it in Senders",
    );
  });

  it.each([
    [
      429,
      { error: { code: 429, message: "Too many requests", errors: [{ reason: "rateLimitExceeded" }] } },
      "rate_limited",
      false,
    ],
    [
      403,
      { error: { code: 403, message: "Quota", errors: [{ reason: "dailyLimitExceeded" }] } },
      "rate_limited",
      false,
    ],
    [
      403,
      { error: { code: 403, message: "Insufficient Permission", errors: [{ reason: "insufficientPermissions" }] } },
      "authentication",
      true,
    ],
    [
      400,
      { error: { code: 400, message: "Invalid To header", errors: [{ reason: "invalidArgument" }] } },
      "invalid_address",
      true,
    ],
    [400, { error: { code: 400, message: "Bad request" } }, "other", true],
    [503, { error: { code: 503, message: "Backend Error" } }, "network", false],
  ] as const)("send answered %s → %s", async (status, body, category, permanent) => {
    const error = await failure(() => google.sendReplies.push({ status, body }));
    expect(error).toMatchObject({ category, permanent, details: { responseCode: status } });
  });

  it("Google unreachable → network, temporary", async () => {
    const gmail = createGmailTransport({
      senderEmail: "jane@gmail.test",
      refreshToken: "rt-1",
      clientId: "cid",
      clientSecret: "csecret",
      apiBaseUrl: "http://127.0.0.1:1",
      tokenUrl: "http://127.0.0.1:1/token",
    });
    await expect(gmail.deliver(message)).rejects.toMatchObject({ category: "network", permanent: false });
  });

  it("is what the factory uses for a Gmail sender with OAuth and no SMTP, in live mode", async () => {
    const secrets = createSecretBox("gmail-test-secret-0123456789-abcdefgh");
    const factory = createTransportFactory({
      config: {
        mailDelivery: "live",
        gmailApiBaseUrl: google.url,
        dkim: undefined,
        google: { clientId: "cid", clientSecret: "csecret" },
      },
      secrets,
      log: createLogger("silent"),
      gmail: { tokenUrl: `${google.url}/token` },
    });
    const sender = {
      id: "00000000-0000-4000-8000-000000000009",
      email: "jane@gmail.test",
      provider: "gmail",
      smtpHost: null,
      smtpPort: null,
      smtpSecurity: null,
      smtpUsername: null,
      smtpPasswordEncrypted: null,
      gmailRefreshTokenEncrypted: secrets.encrypt("rt-stored", GMAIL_REFRESH_TOKEN_PURPOSE),
      updatedAt: new Date("2026-11-01T00:00:00Z"),
    } as SenderAccountRow;
    await factory.forSender(sender).deliver(message);
    expect(google.tokenRequests[0]?.get("refresh_token")).toBe("rt-stored");
    expect(google.sends).toHaveLength(1);
    factory.closeAll();
  });
});
