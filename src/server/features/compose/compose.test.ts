import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSendErrorMessage } from "#shared/sending/send-error-message.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { capturedEmails, emailSends } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("alice@example.com");
});
afterAll(() => ctx?.close());

const send = (body: unknown, cookie = alice.cookie) =>
  ctx.request("/api/emails/direct", { method: "POST", cookie, json: body });

describe("POST /api/emails/direct", () => {
  it("sends over SMTP and records the send as sent, with newlines as line breaks", async () => {
    const res = await send({
      from: "alice@acme.test",
      to: "prospect@example.com",
      subject: "Hello",
      message: "Line one\nLine two",
    });
    expect(res.status).toBe(200);
    const result = (await res.json()) as { id: string; status: string; error: string | null };
    expect(result).toMatchObject({ status: "sent", error: null });

    const [row] = await ctx.database.db.select().from(emailSends).where(eq(emailSends.id, result.id));
    expect(row).toMatchObject({
      userId: alice.userId,
      status: "sent",
      campaignId: null,
      toEmail: "prospect@example.com",
    });
    expect(row?.sentAt).toBeInstanceOf(Date);

    const captured = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Hello");
    const parsed = await simpleParser(captured?.raw ?? "");
    expect(parsed.from?.value[0]?.address).toBe("alice@acme.test");
    expect(parsed.html).toContain("Line one<br>Line two");
    expect(parsed.text).toContain("Line one\nLine two");
    expect(parsed.messageId).toBe(row?.messageId);
  });

  it.each([
    [{ from: "", to: "a@b.co", subject: "s", message: "m" }, "Please enter a sender email address"],
    [{ from: "nope", to: "a@b.co", subject: "s", message: "m" }, "Please enter a valid sender email address"],
    [{ from: "me@x.io", to: "", subject: "s", message: "m" }, "Please enter a recipient email"],
    [{ from: "me@x.io", to: "a b@c.co", subject: "s", message: "m" }, "Please enter a valid recipient email"],
    [{ from: "me@x.io", to: "a@b.co", subject: " ", message: "m" }, "Please enter a subject"],
    [{ from: "me@x.io", to: "a@b.co", subject: "s", message: "" }, "Please enter email content"],
  ])("refuses %j with a 400 and the spec's message, recording nothing", async (body, message) => {
    const before = (await ctx.database.db.select().from(emailSends)).length;
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
    expect((await ctx.database.db.select().from(emailSends)).length).toBe(before);
  });

  it("refuses a recipient on the block list (the address, or its domain at any depth), naming the field, recording nothing", async () => {
    const blocked = await ctx.request("/api/block-list", {
      method: "POST",
      cookie: alice.cookie,
      json: { entries: ["no-thanks@example.com", "@blocked.test"] },
    });
    expect(blocked.status).toBe(200);
    const before = (await ctx.database.db.select().from(emailSends)).length;
    for (const [to, message] of [
      [
        "No-Thanks@Example.com",
        "no-thanks@example.com is on your block list. Remove it from the Block list to email it.",
      ],
      [
        "ann@mail.blocked.test",
        "Addresses at blocked.test are on your block list. Remove the domain from the Block list to email them.",
      ],
    ]) {
      const res = await send({ from: "alice@acme.test", to, subject: "Hello", message: "Hi" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: { code: "validation_error", message, details: { fields: { to: message } } },
      });
    }
    expect((await ctx.database.db.select().from(emailSends)).length).toBe(before);
    // Another user's block list does not stop Bob, and an address beside the blocked one goes.
    const bob = await ctx.signUpVerified("bob-compose@example.com");
    const bobs = await send(
      { from: "bob@acme.test", to: "no-thanks@example.com", subject: "Hi", message: "m" },
      bob.cookie,
    );
    expect(((await bobs.json()) as { status: string }).status).toBe("sent");
    const other = await send({ from: "alice@acme.test", to: "ann@notblocked.test", subject: "Hi", message: "m" });
    expect(((await other.json()) as { status: string }).status).toBe("sent");
  });

  it("threads an answer: In-Reply-To and References reach the message sent over SMTP", async () => {
    const res = await send({
      from: "alice@acme.test",
      to: "lee@example.com",
      subject: "Re: Tuesday?",
      message: "Tuesday works.\n\nOn Monday, lee@example.com wrote:\n> Does Tuesday work?",
      inReplyTo: "<reply-1@example.com>",
      references: ["<step-1@acme.test>", "<reply-1@example.com>"],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const captured = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Re: Tuesday?");
    const parsed = await simpleParser(captured?.raw ?? "");
    expect(parsed.inReplyTo).toBe("<reply-1@example.com>");
    expect(parsed.references).toEqual(["<step-1@acme.test>", "<reply-1@example.com>"]);
    expect(parsed.text).toContain("> Does Tuesday work?");
  });

  it("sends 'Plain text' as a text-only message, and leaves the pixel out when the user does not track opens", async () => {
    const res = await send({
      from: "alice@acme.test",
      to: "plain@example.com",
      subject: "Plain one",
      message: "Just text.\nhttps://acme.test/page",
      plainText: true,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const plain = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Plain one");
    expect(plain?.raw).toMatch(/^Content-Type: text\/plain/im);
    expect(plain?.raw).not.toMatch(/text\/html|multipart/i);
    const parsed = await simpleParser(plain?.raw ?? "");
    expect(parsed.html).toBe(false);
    expect(parsed.text).toContain("Just text.\nhttps://acme.test/page");

    const tracked = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Hello");
    expect(tracked?.raw).toContain("/t/");
    const settings = (await (await ctx.request("/api/settings", { cookie: alice.cookie })).json()) as object;
    const put = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: alice.cookie,
      json: { ...settings, trackOpens: false },
    });
    expect(put.status).toBe(200);
    await send({ from: "alice@acme.test", to: "untracked@example.com", subject: "Untracked", message: "Hi" });
    const untracked = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Untracked");
    const html = (await simpleParser(untracked?.raw ?? "")).html;
    expect(html).toContain("Hi");
    expect(html).not.toContain("<img");
    expect(untracked?.raw).not.toContain("/t/");
  });

  it("refuses a Plain text flag that is not a boolean with a 400", async () => {
    const res = await send({
      from: "alice@acme.test",
      to: "x@example.com",
      subject: "s",
      message: "m",
      plainText: "yes",
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { details: { fields: Record<string, string> } } };
    expect(body.error.details.fields.plainText).toBe("Plain text must be true or false");
  });

  it("sends a new email without threading headers", async () => {
    await send({ from: "alice@acme.test", to: "new@example.com", subject: "Fresh start", message: "Hi" });
    const captured = (await ctx.database.db.select().from(capturedEmails)).find((m) => m.subject === "Fresh start");
    const parsed = await simpleParser(captured?.raw ?? "");
    expect(parsed.inReplyTo).toBeUndefined();
    expect(parsed.references).toBeUndefined();
  });

  it.each([
    [{ inReplyTo: "reply-1@example.com" }, "inReplyTo"],
    [{ inReplyTo: "<a@b>\r\nBcc: victim@example.com" }, "inReplyTo"],
    [{ references: ["<ok@x>", "not an id"] }, "references.1"],
  ])("refuses threading headers that are not message ids (%j) with a 400", async (threading, field) => {
    const res = await send({ from: "alice@acme.test", to: "x@example.com", subject: "s", message: "m", ...threading });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { code: string; details: { fields: Record<string, string> } } };
    expect(body.error.code).toBe("validation_error");
    expect(body.error.details.fields[field]).toBe("A message id looks like <id@host>");
  });

  it("needs a session", async () => {
    expect((await ctx.request("/api/emails/direct", { method: "POST", json: {} })).status).toBe(401);
  });

  it("in live mode, a From without a sending connection fails with a clear error on the row, never stuck pending", async () => {
    const live = await createTestContext(
      { MAIL_DELIVERY: "live", SYSTEM_SMTP_URL: "smtp://127.0.0.1:1" },
      ctx.database,
    );
    try {
      const res = await live.request("/api/emails/direct", {
        method: "POST",
        cookie: alice.cookie,
        json: { from: "nobody@acme.test", to: "prospect@example.com", subject: "Live", message: "Hi" },
      });
      const result = (await res.json()) as { id: string; status: string; error: string };
      expect(result.status).toBe("failed");
      expect(result.error).toContain("No sending connection for nobody@acme.test");
      const [row] = await ctx.database.db.select().from(emailSends).where(eq(emailSends.id, result.id));
      expect(row?.status).toBe("failed");
      expect(parseSendErrorMessage(row?.errorMessage)).toMatchObject({
        recipient: "prospect@example.com",
        sender: "nobody@acme.test",
        subject: "Live",
      });
    } finally {
      await live.close();
    }
  });
});
