// Spintax and merge tags through the app (issue 30 §2, docs/product.md §9.6,
// §9.8): a launched campaign's messages, sent by the real engine to the SMTP
// sink, each carry the contact's own resolution, the same on a second render;
// the launch, the edit's sequence save and the template save refuse invalid
// spintax naming the step, the field and the position, storing nothing; the
// launch refuses an unknown merge tag with a did-you-mean.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { CampaignLaunchResult, CreateAndLaunchInput } from "#shared/campaigns/campaign-launch.schemas.ts";
import { toContactInput } from "#shared/contacts/import/to-contact-input.ts";
import { findUnknownMergeTags, mergeContextFromContact, renderMergeTags } from "#shared/sequences/merge-tags.ts";
import { spinText, spintaxSeed } from "#shared/sequences/spintax.ts";
import { fakeClock, people, registerSendingHarness, step } from "../../../../tests/support/sending-fixtures.ts";
import type { SmtpSink } from "../../../../tests/support/smtp-sink.ts";
import type { TestContext } from "../../../../tests/support/test-app.ts";
import { campaigns, contacts, emailTemplates } from "../../db/schema/index.ts";
import { renderCampaignMessage } from "../../mail/render-message.ts";

const clock = fakeClock("2026-12-07T09:00:00.000Z"); // a Monday, inside the default sending window
const harness = registerSendingHarness(clock, "2026-12-07T09:00:00.000Z");
let sink: SmtpSink;
let ctx: TestContext;
let alice: { cookie: string; userId: string };

beforeAll(async () => {
  ({ sink, ctx } = harness);
  alice = await ctx.signUpVerified("alice-spintax@example.com");
});

const db = () => ctx.database.db;
const html = (subject: string, body: string) => ({ ...step(subject, body), bodyFormat: "html" as const });

function input(over: Partial<CreateAndLaunchInput> = {}): CreateAndLaunchInput {
  return {
    name: "Spun",
    description: null,
    emailColumn: "email",
    senderAccounts: [{ email: "spin@sender.test", provider: "custom", dailyLimit: 50 }],
    contacts: people(2, "spin"),
    sequence: [step("Hi {{firstName}}", "Hello")],
    launchKey: randomUUID(),
    ...over,
  };
}

async function launchNew(body: unknown) {
  const res = await ctx.request("/api/campaigns/launch", { method: "POST", cookie: alice.cookie, json: body });
  return {
    status: res.status,
    body: (await res.json()) as CampaignLaunchResult & {
      error?: { code: string; message: string; details?: { fields?: Record<string, string>; issues?: string[] } };
    },
  };
}

const campaignCount = async () =>
  (await db().select().from(campaigns).where(eq(campaigns.userId, alice.userId))).length;

describe("spintax in sent messages", () => {
  it("sends each contact its own resolution of subject and rich body, the same on a second render", async () => {
    sink.reset();
    const subject = "{Hi|Hello|Hey} {{firstName}}, {quick|short} question";
    const body = "<p>{Good morning|Hi there|Hello} {{company|your team}},</p><p>{A|B|C} in {{city}}</p>";
    const res = await launchNew(
      input({ contacts: people(12, "spun"), sequence: [html(subject, body)], name: "Spun rich" }),
    );
    expect(res.status).toBe(200);
    expect(sink.messages).toHaveLength(12);

    const stored = await db().select().from(contacts).where(eq(contacts.campaignId, res.body.campaignId));
    const subjects = new Set<string>();
    for (const contact of stored) {
      const [message] = sink.messagesTo(contact.email);
      const context = mergeContextFromContact(contact);
      const expectedSubject = renderMergeTags(spinText(subject, spintaxSeed(contact.id, 1, "subject")), context, {
        mode: "send",
        format: "text",
      });
      expect(message?.parsed.subject).toBe(expectedSubject);
      expect(expectedSubject).not.toMatch(/[{}|]/);
      subjects.add(expectedSubject);
      const spunBody = spinText(body, spintaxSeed(contact.id, 1, "body"), "html");
      expect(message?.parsed.html).toContain(renderMergeTags(spunBody, context, { mode: "send", format: "html" }));

      // A second render (a retry, a restart) picks the same choices.
      const again = renderCampaignMessage({
        step: html(subject, body),
        contact,
        spintax: { contactId: contact.id, stepNumber: 1 },
        senderEmail: "spin@sender.test",
        user: {},
        settings: {
          defaultSignature: "",
          legalDisclaimer: "",
          unsubscribeLinkEnabled: false,
          fromNameFormat: "first_last",
          fallbackMergeTags: {},
        },
        tracking: { openPixel: "https://x.test/o", unsubscribe: "https://x.test/u" },
        trackOpens: false,
        sendAs: "html",
      });
      expect(again.subject).toBe(message?.parsed.subject);
      expect(again.html).toContain(renderMergeTags(spunBody, context, { mode: "send", format: "html" }));
    }
    // Twelve contacts, three openings: not all the same.
    expect(subjects.size).toBeGreaterThan(1);
    sink.reset();
  });

  it("resolves a plain-text body too, and a use's own fallback fills a missing value", async () => {
    sink.reset();
    const contact = { email: "nameless@prospects.test", firstName: null, lastName: null, company: null };
    const res = await launchNew(
      input({
        contacts: [{ ...contact, customFields: {} }],
        sequence: [step("{Hi|Hello} {{firstName|there}}", "{One|Two}, {{firstName|friend}}.")],
      }),
    );
    expect(res.status).toBe(200);
    const [message] = sink.messagesTo(contact.email);
    expect(message?.parsed.subject).toMatch(/^(Hi|Hello) there$/);
    expect(message?.parsed.text).toMatch(/^(One|Two), friend\./);
    sink.reset();
  });
});

describe("invalid spintax is refused, nothing stored", () => {
  it("by the launch, naming the step, the field and the position", async () => {
    const before = await campaignCount();
    const res = await launchNew(input({ sequence: [step("Hi", "Hello"), step("{Hi||Hey} you", "Body {x")] }));
    expect(res.status).toBe(400);
    expect(res.body.error?.code).toBe("validation_error");
    expect(res.body.error?.details?.fields).toMatchObject({
      "sequence.1.subject": "Step 2 subject: Empty choice in {Hi||Hey} at position 1",
      "sequence.1.body": 'Step 2 body: Unclosed spintax choice: "{" at position 6 has no "}"',
    });
    expect(await campaignCount()).toBe(before);
    expect(sink.messages).toHaveLength(0);
  });

  it("in a variant's subject and own body, naming the variant, by the launch and the template save", async () => {
    const before = await campaignCount();
    const variants = [
      { subject: "Fine", body: null },
      { subject: "{Hi|} there", body: "Own {body" },
    ];
    const res = await launchNew(input({ sequence: [{ ...step("Hi", "Hello"), variants }] }));
    expect(res.status).toBe(400);
    expect(res.body.error?.details?.fields).toMatchObject({
      "sequence.0.variants.1.subject": "Step 1, variant C subject: Empty choice in {Hi|} at position 1",
      "sequence.0.variants.1.body": 'Step 1, variant C body: Unclosed spintax choice: "{" at position 5 has no "}"',
    });
    expect(await campaignCount()).toBe(before);
    const template = await ctx.request("/api/templates", {
      method: "POST",
      cookie: alice.cookie,
      json: { name: "Variant template", tags: [], sequence: [{ ...step("Hi", "Hello"), variants }] },
    });
    expect(template.status).toBe(400);
    expect(await db().select().from(emailTemplates).where(eq(emailTemplates.userId, alice.userId))).toHaveLength(0);
    expect(sink.messages).toHaveLength(0);
  });

  it("by the edit's sequence save", async () => {
    const res = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: alice.cookie,
      json: { ...input(), launchKey: undefined },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as { campaign: { id: string }; senders: unknown[]; sequence: unknown[] };
    const saved = await ctx.request(`/api/campaigns/${created.campaign.id}`, {
      method: "PUT",
      cookie: alice.cookie,
      json: {
        name: "Renamed",
        description: null,
        sequence: [html("Hi", "<p>Hello }</p>")],
        senderAccounts: created.senders,
      },
    });
    expect(saved.status).toBe(400);
    const error = ((await saved.json()) as { error: { details: { fields: Record<string, string> } } }).error;
    expect(error.details.fields["sequence.0.body"]).toBe(
      'Step 1 body: Unexpected "}" at position 7: no spintax choice is open (write \\} for a brace)',
    );
    const detail = await ctx.request(`/api/campaigns/${created.campaign.id}`, { cookie: alice.cookie });
    const kept = (await detail.json()) as { campaign: { name: string }; sequence: { body: string }[] };
    expect(kept.campaign.name).toBe("Spun");
    expect(kept.sequence.map((s) => s.body)).toEqual(["Hello"]);
  });

  it("by the template save", async () => {
    const res = await ctx.request("/api/templates", {
      method: "POST",
      cookie: alice.cookie,
      json: { name: "Spun template", tags: [], sequence: [step("Hi {there", "Hello")] },
    });
    expect(res.status).toBe(400);
    const error = ((await res.json()) as { error: { message: string; details: { fields: Record<string, string> } } })
      .error;
    expect(error.details.fields["sequence.0.subject"]).toBe(
      'Step 1 subject: Unclosed spintax choice: "{" at position 4 has no "}"',
    );
    const stored = await db().select().from(emailTemplates).where(eq(emailTemplates.userId, alice.userId));
    expect(stored).toHaveLength(0);
  });
});

describe("unknown merge tags block the launch", () => {
  it("names the step and the tag, with a suggestion when one is near, storing nothing", async () => {
    const before = await campaignCount();
    const res = await launchNew(
      input({
        sequence: [step("Hi {{firstName}} in {{city}}", "Hello"), step("Again", "Hi {{frist_name}} at {{website}}")],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.error?.message).toBe(
      "Step 2 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}? Step 2 uses an unknown merge tag {{website}}.",
    );
    expect(res.body.error?.details?.issues).toEqual([
      "Step 2 uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?",
      "Step 2 uses an unknown merge tag {{website}}",
    ]);
    expect(await campaignCount()).toBe(before);
    expect(sink.messages).toHaveLength(0);
  });

  it("names a variant's unknown tags, storing nothing", async () => {
    const before = await campaignCount();
    const variants = [{ subject: "Hey {{frist_name}}", body: null }];
    const res = await launchNew(input({ sequence: [{ ...step("Hi {{firstName}}", "Hello"), variants }] }));
    expect(res.status).toBe(400);
    expect(res.body.error?.details?.issues).toEqual([
      "Step 1, variant B uses an unknown merge tag {{frist_name}}. Did you mean {{first_name}}?",
    ]);
    expect(await campaignCount()).toBe(before);
    expect(sink.messages).toHaveLength(0);
  });

  it("knows a column the import stored in a contact field by the CSV's header ({{organisation}}), and fills it", async () => {
    sink.reset();
    // What the wizard sends for a CSV with 'fname' and 'organisation' columns (toContactInput).
    const rows = [{ email: "org-1@prospects.test", fname: "Ada", organisation: "Acme" }].map((r) => toContactInput(r));
    const res = await launchNew(
      input({
        contacts: rows,
        sequence: [step("{{fname}} at {{organisation}}", "Hi {{first_name}}, {{company_name}}")],
      }),
    );
    expect(res.status).toBe(200);
    const [message] = sink.messagesTo("org-1@prospects.test");
    expect(message?.parsed.subject).toBe("Ada at Acme");
    expect(message?.parsed.text).toContain("Hi Ada, Acme");
  });

  it("knows every imported column by its normalised header, and the launch of a stored draft checks too", async () => {
    const withColumns = people(1, "cols").map((p) => ({ ...p, customFields: { "Job Title": "CTO", city: "Rome" } }));
    const ok = await launchNew(
      input({ contacts: withColumns, sequence: [step("{{job_title}} in {{ City }}", "{{JobTitle}}")] }),
    );
    expect(ok.status).toBe(200);
    sink.reset();

    const draft = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: alice.cookie,
      json: { ...input({ sequence: [step("Hi {{compnay}}", "Hello")] }), launchKey: undefined },
    });
    expect(draft.status).toBe(201);
    const id = ((await draft.json()) as { campaign: { id: string } }).campaign.id;
    const launched = await ctx.request(`/api/campaigns/${id}/launch`, { method: "POST", cookie: alice.cookie });
    expect(launched.status).toBe(400);
    expect(((await launched.json()) as { error: { message: string } }).error.message).toBe(
      "Step 1 uses an unknown merge tag {{compnay}}. Did you mean {{company}}?",
    );
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.status).toBe("draft");
    expect(sink.messages).toHaveLength(0);
  });
});

describe("the editor's known tags and the launch's are one list", () => {
  it("a tag the editor accepts (Edit Campaign's mergeTagColumns) the launch accepts, and one it flags the launch refuses", async () => {
    const bob = await ctx.signUpVerified("bob-known-tags@example.com");
    const settings = (await (await ctx.request("/api/settings", { cookie: bob.cookie })).json()) as Record<
      string,
      unknown
    >;
    const put = await ctx.request("/api/settings", {
      method: "PUT",
      cookie: bob.cookie,
      json: { ...settings, fallbackMergeTags: { first_name: "there", title: "friend" } },
    });
    expect(put.status).toBe(200);
    // The 12th contact alone has a 'rare' column: beyond the editor's ten preview contacts.
    const list = people(12, "known").map((p, i) =>
      i === 11 ? { ...p, customFields: { ...p.customFields, rare: "x" } } : p,
    );
    const created = await ctx.request("/api/campaigns", {
      method: "POST",
      cookie: bob.cookie,
      json: { ...input({ contacts: list }), launchKey: undefined },
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { campaign: { id: string } }).campaign.id;
    const detail = async () =>
      (await (await ctx.request(`/api/campaigns/${id}`, { cookie: bob.cookie })).json()) as {
        mergeTagColumns: string[];
        senders: unknown[];
      };
    const { mergeTagColumns: known, senders } = await detail();
    expect([...known].sort()).toEqual(["city", "first_name", "rare", "title"]);
    // Alice's campaign's columns are not Bob's to read.
    expect((await ctx.request(`/api/campaigns/${id}`, { cookie: alice.cookie })).status).toBe(404);

    const save = (subject: string) =>
      ctx.request(`/api/campaigns/${id}`, {
        method: "PUT",
        cookie: bob.cookie,
        json: { name: "Known", description: null, sequence: [step(subject, "Hello")], senderAccounts: senders },
      });
    const launch = () => ctx.request(`/api/campaigns/${id}/launch`, { method: "POST", cookie: bob.cookie });
    for (const tag of ["nope", "raer", "titel"]) {
      expect(findUnknownMergeTags(`{{${tag}}}`, known)).toEqual([tag]);
      expect((await save(`Hi {{${tag}}}`)).status).toBe(200);
      expect((await launch()).status).toBe(400);
    }
    const accepted = ["rare", "title", "City", "organisation", "firstName"];
    expect(findUnknownMergeTags(accepted.map((t) => `{{${t}}}`).join(" "), known)).toEqual([]);
    expect((await save(accepted.map((t) => `{{${t}}}`).join(" "))).status).toBe(200);
    expect((await launch()).status).toBe(200);
  });
});
