// Rendering a campaign step, checked on the result and then end to end: the
// rendered message is sent through the transport factory to an SMTP sink and
// read back with mailparser, as a recipient's mail client would see it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../../tests/support/smtp-sink.ts";
import { createSecretBox } from "../crypto/secret-box.ts";
import { createLogger } from "../logger.ts";
import { createTransportFactory } from "../sending/delivery/transports.ts";
import type { SenderAccountRow } from "../sending/outgoing.ts";
import { type MessageSettings, type RenderCampaignMessageInput, renderCampaignMessage } from "./render-message.ts";
import { personalBookingUrl, trackingUrls, verifyBookingToken, verifyToken } from "./tokens.ts";

const SECRET = "render-test-secret-0123456789-abcdefghij";
const PUBLIC_URL = "https://app.coldreach.test";
const SEND_ID = "5a3c9a52-6d4e-4d3a-9a4b-2f6f2a0d1e11";

const settings: MessageSettings = {
  defaultSignature: "Jane Smith\nAcme",
  legalDisclaimer: "Acme Ltd · sent to {{email}}",
  unsubscribeLinkEnabled: true,
  fromNameFormat: "first_last",
  fallbackMergeTags: { first_name: "there", company: "your company" },
};

function input(patch: Partial<RenderCampaignMessageInput> = {}): RenderCampaignMessageInput {
  return {
    tracking: trackingUrls(PUBLIC_URL, SECRET, SEND_ID),
    step: { subject: "Quick question for {{company}}", body: "Hi {{firstName}},\n\nAre you free?", bodyFormat: "text" },
    contact: {
      email: "bob@example.test",
      firstName: "Bob",
      lastName: "Stone",
      company: "Stone & Co",
      customFields: {},
    },
    senderEmail: "jane@acme.test",
    user: { fullName: "Jane Smith" },
    settings,
    trackOpens: true,
    sendAs: "html",
    ...patch,
  };
}

const urls = trackingUrls(PUBLIC_URL, SECRET, SEND_ID);

describe("renderCampaignMessage", () => {
  it("resolves spintax before merge tags: a contact's value with braces is never spun, a use's fallback holds a bar", () => {
    const spun = (contactId: string) =>
      renderCampaignMessage(
        input({
          step: {
            subject: "{Hi|Hello|Hey} {{company}}",
            body: "<p>{A|B} <b>{{lastName|friend}}</b> {x|y}</p><style>p { color: red }</style>",
            bodyFormat: "html",
          },
          contact: { email: "c@x.test", firstName: null, lastName: null, company: "{Acme|Corp}", customFields: {} },
          spintax: { contactId, stepNumber: 2 },
        }),
      );
    const first = spun("contact-1");
    expect(first.subject).toMatch(/^(Hi|Hello|Hey) \{Acme\|Corp\}$/);
    expect(first.html).toMatch(/^<p>[AB] <strong>friend<\/strong> [xy]<\/p>/);
    expect(spun("contact-1")).toMatchObject({ subject: first.subject, html: first.html, text: first.text });
    const subjects = new Set(Array.from({ length: 30 }, (_, i) => spun(`contact-${i}`).subject));
    expect(subjects.size).toBe(3);
  });

  it("fills merge tags, builds both parts with the footer, and adds the unsubscribe headers", () => {
    const m = renderCampaignMessage(input());
    expect(m.from).toEqual({ name: "Jane Smith", address: "jane@acme.test" });
    expect(m.to).toBe("bob@example.test");
    expect(m.subject).toBe("Quick question for Stone & Co");
    expect(m.text).toBe(
      `Hi Bob,\n\nAre you free?\n\nJane Smith\nAcme\n\nAcme Ltd · sent to bob@example.test\n\nUnsubscribe: ${urls.unsubscribe}\n`,
    );
    expect(m.html).toBe(
      [
        "<p>Hi Bob,</p><p>Are you free?</p>",
        "<div><p>Jane Smith<br>Acme</p></div>",
        '<div style="color:#6b7280;font-size:12px"><p>Acme Ltd · sent to bob@example.test</p></div>',
        `<p style="color:#6b7280;font-size:12px"><a href="${urls.unsubscribe}">Unsubscribe</a></p>`,
        `<img src="${urls.openPixel}" width="1" height="1" alt="">`,
      ].join("\n"),
    );
    expect(m.headers).toEqual({
      "List-Unsubscribe": `<${urls.unsubscribe}>, <mailto:jane@acme.test?subject=unsubscribe>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(m.messageId).toMatch(/^<[0-9a-f-]{36}@acme\.test>$/);
    expect(m.inReplyTo).toBeUndefined();
    // The links are signed for this send.
    expect(verifyToken(SECRET, "unsubscribe", urls.unsubscribe.split("/u/")[1]!)).toBe(SEND_ID);
  });

  it("uses the fallbacks for missing values (send mode: never [tag])", () => {
    const m = renderCampaignMessage(
      input({ contact: { email: "x@example.test", firstName: null, lastName: null, company: null } }),
    );
    expect(m.subject).toBe("Quick question for your company");
    expect(m.text.startsWith("Hi there,")).toBe(true);
  });

  it("sanitises a rich-text body after filling it, escaping values, and derives the text part", () => {
    const m = renderCampaignMessage(
      input({
        step: {
          subject: "Hi",
          body: '<p>Hi <strong>{{firstName}}</strong> <a href="https://acme.test/?c={{company}}">see</a></p><script>alert(1)</script>',
          bodyFormat: "html",
        },
        contact: { email: "bob@example.test", firstName: "<b>Bob</b>", company: "A&B" },
      }),
    );
    expect(m.html?.startsWith("<p>Hi <strong>&lt;b&gt;Bob&lt;/b&gt;</strong>")).toBe(true);
    expect(m.html).toContain('href="https://acme.test/?c=A&amp;B"');
    expect(m.html).not.toContain("<script");
    expect(m.text.startsWith("Hi <b>Bob</b> see (https://acme.test/?c=A&B)")).toBe(true);
  });

  it("threads a follow-up under step 1, answering its subject when the step has none", () => {
    const thread = { messageId: "<first@acme.test>", subject: "Quick question for Stone & Co" };
    const followUp = renderCampaignMessage(
      input({ step: { subject: " ", body: "Bumping this", bodyFormat: "text" }, thread }),
    );
    expect(followUp.subject).toBe("Re: Quick question for Stone & Co");
    expect(followUp.inReplyTo).toBe("<first@acme.test>");
    expect(followUp.references).toEqual(["<first@acme.test>"]);
    const ownSubject = renderCampaignMessage(
      input({ step: { subject: "New idea, {{firstName}}", body: "x", bodyFormat: "text" }, thread }),
    );
    expect(ownSubject.subject).toBe("New idea, Bob");
  });

  it("leaves out the unsubscribe link and headers when the setting is off, and keeps a given Message-ID", () => {
    const m = renderCampaignMessage(
      input({ settings: { ...settings, unsubscribeLinkEnabled: false }, messageId: "<kept@acme.test>" }),
    );
    expect(m.headers).toEqual({});
    expect(m.html).not.toContain("Unsubscribe");
    expect(m.text).not.toContain("Unsubscribe");
    expect(m.html).toContain(urls.openPixel);
    expect(m.messageId).toBe("<kept@acme.test>");
  });

  it("names the sender per from_name_format", () => {
    const team = renderCampaignMessage(input({ settings: { ...settings, fromNameFormat: "company_team" } }));
    expect(team.from.name).toBe("Acme Team");
    const noName = renderCampaignMessage(input({ user: { fullName: null } }));
    expect(noName.from.name).toBe("Jane");
  });
});

describe("tracking and plain text", () => {
  it("leaves the pixel and every open-tracking URL out when opens are not tracked", () => {
    const m = renderCampaignMessage(input({ trackOpens: false }));
    expect(m.html).toContain(`<a href="${urls.unsubscribe}">Unsubscribe</a>`);
    expect(m.html).not.toContain("<img");
    expect(JSON.stringify(m)).not.toContain(urls.openPixel);
    expect(JSON.stringify(m)).not.toContain("/t/");
  });

  it("sends plain text as the text part alone: merge tags, signature, an unsubscribe line, the RFC 8058 headers", () => {
    const m = renderCampaignMessage(input({ sendAs: "plain_text" }));
    expect(m.html).toBeUndefined();
    expect(m.text).toBe(
      `Hi Bob,\n\nAre you free?\n\nJane Smith\nAcme\n\nAcme Ltd · sent to bob@example.test\n\nUnsubscribe: ${urls.unsubscribe}\n`,
    );
    expect(m.headers["List-Unsubscribe"]).toBe(`<${urls.unsubscribe}>, <mailto:jane@acme.test?subject=unsubscribe>`);
    expect(m.headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    expect(JSON.stringify(m)).not.toContain(urls.openPixel);
  });

  it("turns a rich-text step into text when it is sent as plain text, links as 'text (URL)'", () => {
    const m = renderCampaignMessage(
      input({
        sendAs: "plain_text",
        step: {
          subject: "Hi",
          body: '<p>Hi <strong>{{firstName}}</strong>, see <a href="https://acme.test/?c={{company}}">our page</a></p>',
          bodyFormat: "html",
        },
        settings: { ...settings, unsubscribeLinkEnabled: false },
      }),
    );
    expect(m.html).toBeUndefined();
    expect(m.text).toMatch(/^Hi Bob, see our page \(https:\/\/acme\.test\/\?c=Stone(%20| )&(%20| )Co\)/);
    expect(m.text).not.toContain("<");
    expect(m.text).not.toContain("Unsubscribe");
    expect(m.headers).toEqual({});
  });
});

describe("{{bookingLink}}", () => {
  const link = { id: "0b7e3c1a-2f4d-4e5a-8b6c-7d8e9f0a1b2c", code: "Ab3dEf7h" };
  const contactId = "6f1c2b2e-8a3d-4c1e-9f0a-1b2c3d4e5f60";
  const bookingLink = personalBookingUrl(PUBLIC_URL, SECRET, link, contactId);
  const token = () => new URL(bookingLink).searchParams.get("t") ?? "";

  it("is the contact's personal link: a link in the HTML part, the URL in the text part", () => {
    const m = renderCampaignMessage(
      input({
        step: { subject: "Hi", body: "<p>Pick a time: {{bookingLink}}</p>", bodyFormat: "html" },
        bookingLink,
      }),
    );
    expect(verifyBookingToken(SECRET, link.id, token())).toBe(contactId);
    expect(m.html).toContain(`<a href="${bookingLink}" rel="noopener noreferrer" target="_blank">${bookingLink}</a>`);
    expect(m.text).toContain(bookingLink);
  });
  it("is the URL in a plain-text step, in both parts, and in a message sent as plain text", () => {
    const step = { subject: "Hi", body: "Pick a time: {{bookingLink}}", bodyFormat: "text" } as const;
    const html = renderCampaignMessage(input({ step, bookingLink }));
    expect(html.text).toContain(`Pick a time: ${bookingLink}`);
    expect(html.html).toContain(`<p>Pick a time: <a href="${bookingLink}">${bookingLink}</a></p>`);
    const plain = renderCampaignMessage(input({ step, bookingLink, sendAs: "plain_text" }));
    expect(plain.html).toBeUndefined();
    expect(plain.text).toContain(`Pick a time: ${bookingLink}`);
  });
  it("is empty without a link (never another value)", () => {
    const m = renderCampaignMessage(
      input({ step: { subject: "Hi", body: "Pick a time: [{{bookingLink}}]", bodyFormat: "text" } }),
    );
    expect(m.text).toContain("Pick a time: []");
  });
});

describe("a rendered message over SMTP", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("arrives with its headers, both parts, pixel, unsubscribe, merge tags, threading and From name", async () => {
    const factory = createTransportFactory({
      config: { mailDelivery: "capture", gmailApiBaseUrl: "http://127.0.0.1:1", dkim: undefined, google: undefined },
      secrets: createSecretBox(SECRET),
      log: createLogger("silent"),
      capturePort: sink.port,
    });
    const sender = { id: "00000000-0000-4000-8000-000000000001", email: "jane@acme.test" } as SenderAccountRow;
    try {
      const first = renderCampaignMessage(
        input({ contact: { email: "bob@example.test", firstName: "Zoë", company: "Stone & Co" } }),
      );
      const followUp = renderCampaignMessage(
        input({
          step: { subject: "", body: "Any thoughts, {{firstName}}?", bodyFormat: "text" },
          contact: { email: "bob@example.test", firstName: "Zoë", company: "Stone & Co" },
          thread: { messageId: first.messageId, subject: first.subject },
        }),
      );
      const transport = factory.forSender(sender);
      await transport.deliver(first);
      await transport.deliver(followUp);

      const [one, two] = sink.messages.map((m) => m.parsed);
      expect(sink.messages[0]?.envelope).toEqual({ from: "jane@acme.test", to: ["bob@example.test"] });
      expect(one?.from?.value).toEqual([{ name: "Jane Smith", address: "jane@acme.test" }]);
      expect(one?.to && !Array.isArray(one.to) ? one.to.value : []).toEqual([
        { name: "", address: "bob@example.test" },
      ]);
      expect(one?.subject).toBe("Quick question for Stone & Co");
      expect(one?.messageId).toBe(first.messageId);
      expect(one?.text).toContain("Hi Zoë,\n\nAre you free?");
      expect(one?.text).toContain(`Unsubscribe: ${urls.unsubscribe}`);
      expect(one?.html).toContain("<p>Hi Zoë,</p>");
      expect(one?.html).toContain(`<a href="${urls.unsubscribe}">Unsubscribe</a>`);
      expect(one?.html).toMatch(
        new RegExp(`<img src="${urls.openPixel.replaceAll(".", "\\.")}" width="1" height="1" alt="">\\s*$`),
      );
      expect(sink.messages[0]?.header("List-Unsubscribe")).toBe(
        `<${urls.unsubscribe}>, <mailto:jane@acme.test?subject=unsubscribe>`,
      );
      expect(sink.messages[0]?.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");

      expect(two?.subject).toBe("Re: Quick question for Stone & Co");
      expect(two?.inReplyTo).toBe(first.messageId);
      expect(two?.references).toBe(first.messageId);
      expect(two?.text).toContain("Any thoughts, Zoë?");
    } finally {
      factory.closeAll();
    }
  });
});
