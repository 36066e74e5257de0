// /api/templates through the app: save, list (search, tag), read, delete,
// sanitising, corrupted stored data and tenant isolation.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SequenceStepInput } from "#shared/sequences/sequence.schemas.ts";
import type { Template, TemplateInput } from "#shared/templates/templates.schemas.ts";
import { createTestContext, type TestContext } from "../../../../tests/support/test-app.ts";
import { emailTemplates } from "../../db/schema/index.ts";

let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await ctx.signUpVerified("tpl-alice@example.com");
  bob = await ctx.signUpVerified("tpl-bob@example.com");
});
afterAll(() => ctx?.close());

const step = (patch: Partial<SequenceStepInput> = {}): SequenceStepInput => ({
  subject: "Hi {{firstName}}",
  body: "Hello {{firstName}},\n\nQuick question.",
  bodyFormat: "text",
  delayAmount: 0,
  delayUnit: "days",
  scheduledDate: null,
  scheduledTime: null,
  ...patch,
});

const input = (patch: Partial<TemplateInput> = {}): TemplateInput => ({
  name: "Intro",
  description: "First touch",
  campaignName: "Spring outreach",
  tags: ["sales"],
  sequence: [step(), step({ subject: "Following up", delayAmount: 3 })],
  ...patch,
});

async function save(cookie: string, body: unknown) {
  return ctx.request("/api/templates", { method: "POST", cookie, json: body });
}

async function saved(cookie: string, body: TemplateInput): Promise<Template> {
  const res = await save(cookie, body);
  expect(res.status).toBe(201);
  return (await res.json()) as Template;
}

async function list(cookie: string, query = ""): Promise<Template[]> {
  const res = await ctx.request(`/api/templates${query}`, { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { templates: Template[] }).templates;
}

describe("POST /api/templates", () => {
  it("refuses a step over 7 MB with its images, naming it and the sizes, storing nothing", async () => {
    const image = Buffer.alloc(7_500_000, 1).toString("base64");
    const big = step({ bodyFormat: "html", body: `<p>Hi</p><img src="data:image/jpeg;base64,${image}">` });
    const before = await list(alice.cookie);
    const res = await save(alice.cookie, input({ name: "Heavy", sequence: [step(), step(), big] }));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      "Step 3's message is 7.6 MB; a step can be at most 7 MB with its images.",
    );
    expect(await list(alice.cookie)).toEqual(before);
  });

  it("needs a session", async () => {
    expect((await save("", input())).status).toBe(401);
    expect((await ctx.request("/api/templates")).status).toBe(401);
  });

  it("stores the sequence and returns the template", async () => {
    const template = await saved(alice.cookie, input());
    expect(template).toMatchObject({
      name: "Intro",
      description: "First touch",
      campaignName: "Spring outreach",
      tags: ["sales"],
      sequence: input().sequence,
    });
    expect(Date.parse(template.updatedAt)).not.toBeNaN();
    const [row] = await ctx.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    expect(row?.userId).toBe(alice.userId);
    expect(row?.templateData).toEqual({ sequence: input().sequence });
  });

  it("keeps every variant of a step, in the answer and when read again (a rich variant body sanitised)", async () => {
    const variants = [
      { subject: "Quick question", body: null },
      { subject: "Hey {{firstName}}", body: '<p onclick="x()">Own body</p>' },
    ];
    const template = await saved(
      alice.cookie,
      input({ name: "Variants", sequence: [step({ bodyFormat: "html", body: "<p>A</p>", variants }), step()] }),
    );
    const expected = [
      { subject: "Quick question", body: null },
      { subject: "Hey {{firstName}}", body: "<p>Own body</p>" },
    ];
    expect(template.sequence[0]?.variants).toEqual(expected);
    const read = (await (
      await ctx.request(`/api/templates/${template.id}`, { cookie: alice.cookie })
    ).json()) as Template;
    expect(read.sequence[0]?.variants).toEqual(expected);
    expect(read.sequence[1]?.variants).toBeUndefined();
  });

  it("trims tags and drops empty and repeated ones (case-insensitive), keeping the first spelling", async () => {
    const template = await saved(
      alice.cookie,
      input({ name: "Tags", tags: [" Sales ", "sales", "", "  ", "Q3", "q3 "] }),
    );
    expect(template.tags).toEqual(["Sales", "Q3"]);
  });

  it("sanitises rich-text bodies and keeps plain-text ones as written", async () => {
    const template = await saved(
      alice.cookie,
      input({
        name: "Rich",
        sequence: [
          step({
            bodyFormat: "html",
            body: '<p onclick="x()">Hi <strong>{{firstName}}</strong><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://acme.test">good</a></p>',
          }),
          step({ body: "a <script> in plain text is just text" }),
        ],
      }),
    );
    expect(template.sequence[0]?.body).toBe(
      '<p>Hi <strong>{{firstName}}</strong> bad <a href="https://acme.test" rel="noopener noreferrer" target="_blank">good</a></p>',
    );
    expect(template.sequence[1]?.body).toBe("a <script> in plain text is just text");
  });

  it.each([
    [{ name: "  " }, "Template name is required"],
    [{ sequence: [] }, "No email sequence to save"],
  ])("rejects %j with the spec's message", async (patch, message) => {
    const res = await save(alice.cookie, input(patch));
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it("rejects a malformed step", async () => {
    const res = await save(alice.cookie, { ...input(), sequence: [{ ...step(), delayUnit: "weeks" }] });
    expect(res.status).toBe(400);
  });
});

describe("GET /api/templates", () => {
  let user: { cookie: string };

  beforeAll(async () => {
    user = await ctx.signUpVerified("tpl-lister@example.com");
    await saved(
      user.cookie,
      input({ name: "Cold intro", description: "For CTOs", campaignName: null, tags: ["tech", "intro"] }),
    );
    await saved(
      user.cookie,
      input({ name: "Webinar", description: null, campaignName: "50% off launch", tags: ["events"] }),
    );
    await saved(
      user.cookie,
      input({ name: "Breakup email", description: "Last try", campaignName: null, tags: ["Tech"] }),
    );
  });

  it("lists the user's templates, newest updated first", async () => {
    expect((await list(user.cookie)).map((t) => t.name)).toEqual(["Breakup email", "Webinar", "Cold intro"]);
  });

  it("searches name, description and campaign name, case-insensitively", async () => {
    expect((await list(user.cookie, "?search=COLD")).map((t) => t.name)).toEqual(["Cold intro"]);
    expect((await list(user.cookie, "?search=ctos")).map((t) => t.name)).toEqual(["Cold intro"]);
    expect((await list(user.cookie, "?search=launch")).map((t) => t.name)).toEqual(["Webinar"]);
    expect((await list(user.cookie, "?search=nothing-matches")).length).toBe(0);
  });

  it("treats % and _ in a search as characters", async () => {
    expect((await list(user.cookie, `?search=${encodeURIComponent("50%")}`)).map((t) => t.name)).toEqual(["Webinar"]);
    expect((await list(user.cookie, `?search=${encodeURIComponent("%")}`)).map((t) => t.name)).toEqual(["Webinar"]);
    expect(await list(user.cookie, "?search=_")).toEqual([]);
  });

  it("filters by an exact tag, combined with search", async () => {
    expect((await list(user.cookie, "?tag=tech")).map((t) => t.name)).toEqual(["Cold intro"]);
    expect((await list(user.cookie, "?tag=Tech")).map((t) => t.name)).toEqual(["Breakup email"]);
    expect((await list(user.cookie, "?tag=events&search=web")).map((t) => t.name)).toEqual(["Webinar"]);
    expect((await list(user.cookie, "?tag=events&search=cold")).length).toBe(0);
  });
});

describe("stored data that is not a sequence", () => {
  it("is returned with an empty sequence, in the list and alone, never a 500", async () => {
    const user = await ctx.signUpVerified("tpl-corrupt@example.com");
    const [row] = await ctx.database.db
      .insert(emailTemplates)
      .values([
        { userId: user.userId, name: "Broken", tags: [], templateData: { steps: "???" } },
        { userId: user.userId, name: "Half", tags: [], templateData: { sequence: [{ subject: "only a subject" }] } },
      ])
      .returning();
    const templates = await list(user.cookie);
    expect(templates.map((t) => [t.name, t.sequence])).toEqual(
      expect.arrayContaining([
        ["Broken", []],
        ["Half", []],
      ]),
    );
    const one = await ctx.request(`/api/templates/${row!.id}`, { cookie: user.cookie });
    expect(one.status).toBe(200);
    expect(((await one.json()) as Template).sequence).toEqual([]);
  });
});

describe("GET /api/templates/{id} and DELETE", () => {
  it("reads one template and deletes it for real", async () => {
    const template = await saved(alice.cookie, input({ name: "To delete" }));
    const one = await ctx.request(`/api/templates/${template.id}`, { cookie: alice.cookie });
    expect(one.status).toBe(200);
    expect(await one.json()).toEqual(template);

    const del = await ctx.request(`/api/templates/${template.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(del.status).toBe(204);
    expect(await del.text()).toBe("");
    expect((await ctx.request(`/api/templates/${template.id}`, { cookie: alice.cookie })).status).toBe(404);
    const rows = await ctx.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, template.id));
    expect(rows).toEqual([]);
    const again = await ctx.request(`/api/templates/${template.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(again.status).toBe(404);
  });

  it("answers 404 for an id that is not a uuid", async () => {
    expect((await ctx.request("/api/templates/not-a-uuid", { cookie: alice.cookie })).status).toBe(404);
    expect((await ctx.request("/api/templates/not-a-uuid", { method: "DELETE", cookie: alice.cookie })).status).toBe(
      404,
    );
  });
});

describe("tenant isolation", () => {
  it("another user cannot list, read, search for or delete the first user's template", async () => {
    const template = await saved(alice.cookie, input({ name: "Alice secret", tags: ["private"] }));

    expect((await list(bob.cookie)).map((t) => t.id)).not.toContain(template.id);
    expect(await list(bob.cookie, "?search=secret")).toEqual([]);
    expect(await list(bob.cookie, "?tag=private")).toEqual([]);

    const read = await ctx.request(`/api/templates/${template.id}`, { cookie: bob.cookie });
    expect(read.status).toBe(404);
    expect(await read.json()).toEqual({ error: { code: "not_found", message: "Template not found" } });

    const del = await ctx.request(`/api/templates/${template.id}`, { method: "DELETE", cookie: bob.cookie });
    expect(del.status).toBe(404);
    const still = await ctx.request(`/api/templates/${template.id}`, { cookie: alice.cookie });
    expect(still.status).toBe(200);
  });
});
