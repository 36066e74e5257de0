// The signer against an independent verifier (mailauth's dkimVerify): what it
// signs passes, covers the RFC 8058 headers, oversigns From and Subject, and
// breaks when the message is changed after signing.
import MailComposer from "nodemailer/lib/mail-composer";
import { beforeAll, describe, expect, it } from "vitest";
import { testDkimKeys, verifyDkim } from "../../../../tests/support/dkim-verify.ts";
import { dkimSignature, relaxedBody, relaxedHeader } from "./dkim-sign.ts";

const keys = testDkimKeys();
const key = { domainName: "acme.test", keySelector: "cr", privateKey: keys.privateKey };
const txt = { "cr._domainkey.acme.test": keys.record };

async function build(extra: Record<string, string> = {}): Promise<Buffer> {
  return new MailComposer({
    from: { name: "Ann Example", address: "ann@acme.test" },
    to: "bo@example.test",
    cc: "cy@example.test",
    replyTo: "replies@acme.test",
    subject: "A long subject line that nodemailer will fold across more than one line when it writes it out, ünïcode",
    html: "<p>Hello   Bo,   </p>\n\n<p>a line with trailing space   </p>\n\n\n",
    text: "Hello Bo,\ttabs\n\n\n",
    messageId: "<m1@acme.test>",
    inReplyTo: "<m0@acme.test>",
    references: ["<m0@acme.test>"],
    headers: {
      "List-Unsubscribe": "<https://app.test/u/tok>, <mailto:unsub@acme.test>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      ...extra,
    },
  })
    .compile()
    .build();
}

const sign = (message: Buffer) => Buffer.concat([Buffer.from(`${dkimSignature(message, key)}\r\n`), message]);

describe("dkimSignature", () => {
  let message: Buffer;
  beforeAll(async () => {
    message = await build();
  });

  it("passes an independent verifier, covering every listed header and oversigning From and Subject", async () => {
    const verdict = await verifyDkim(sign(message), txt);
    expect(verdict.status).toBe("pass");
    expect(verdict.domain).toBe("acme.test");
    expect(verdict.selector).toBe("cr");
    for (const name of [
      "from",
      "to",
      "cc",
      "reply-to",
      "subject",
      "date",
      "message-id",
      "in-reply-to",
      "references",
      "mime-version",
      "content-type",
      "list-unsubscribe",
      "list-unsubscribe-post",
    ]) {
      expect(verdict.signedHeaders).toContain(name);
    }
    expect(verdict.signedHeaders.filter((h) => h === "from")).toHaveLength(2);
    expect(verdict.signedHeaders.filter((h) => h === "subject")).toHaveLength(2);
  });

  it("fails once a second From is added or List-Unsubscribe-Post is changed", async () => {
    const signed = sign(message).toString("latin1");
    const secondFrom = signed.replace(/\r\n\r\n/, "\r\nFrom: Mallory <m@evil.test>\r\n\r\n");
    expect((await verifyDkim(Buffer.from(secondFrom, "latin1"), txt)).status).toBe("fail");
    // At the top, a verifier without the oversigned name would still take the
    // original From (the bottom one) and pass; the extra "from" in h= catches it.
    for (const name of ["From: Mallory <m@evil.test>", "Subject: Urgent: wire money"]) {
      const onTop = Buffer.concat([Buffer.from(`${name}\r\n`), sign(message)]);
      expect((await verifyDkim(onTop, txt)).status).toBe("fail");
    }
    const changedPost = signed.replace("List-Unsubscribe=One-Click", "List-Unsubscribe=Two-Clicks");
    expect(changedPost).not.toBe(signed);
    expect((await verifyDkim(Buffer.from(changedPost, "latin1"), txt)).status).toBe("fail");
  });

  it("fails against a different published key", async () => {
    const other = testDkimKeys();
    expect((await verifyDkim(sign(message), { "cr._domainkey.acme.test": other.record })).status).toBe("fail");
  });

  it("keeps passing when a relay re-folds headers or pads line ends (relaxed canonicalization)", async () => {
    const signed = sign(message).toString("latin1");
    const refolded = signed.replace("Subject: ", "Subject:   ").replace(/\r\n\r\n/, "\r\nX-Relay: added\r\n\r\n");
    expect((await verifyDkim(Buffer.from(refolded, "latin1"), txt)).status).toBe("pass");
  });
});

describe("relaxed canonicalization", () => {
  it("unfolds and squeezes header values, lower-cases names", () => {
    expect(relaxedHeader("Subject:  Hello\r\n\t  world  ")).toBe("subject:Hello world");
  });

  it("squeezes body white space and drops empty lines at the end", () => {
    expect(relaxedBody("a  b \t\r\n\r\nc\r\n\r\n\r\n")).toBe("a b\r\n\r\nc\r\n");
    expect(relaxedBody("\r\n\r\n")).toBe("");
    expect(relaxedBody("no end")).toBe("no end\r\n");
  });
});
