// /api/scheduling-links through the app: create (defaults, validation
// messages, the public code), list newest first with upcoming meetings,
// deactivate / reactivate, delete, and scoping (another user's links are never
// listed, changed or deleted).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CreateLink,
  type CreateLinkInput,
  DEFAULT_LINK_DAYS,
  DEFAULT_LINK_DURATION,
  DEFAULT_LINK_END,
  DEFAULT_LINK_START,
  DEFAULT_LINK_TIMEZONE,
  type SchedulingLinkDto,
} from "#shared/scheduling/scheduling.schemas.ts";
import { fakeClock } from "../../../../tests/support/sending-fixtures.ts";
import { createTestContext, TEST_ORIGIN, type TestContext } from "../../../../tests/support/test-app.ts";
import { scheduledMeetings, schedulingLinks } from "../../db/schema/index.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { createSchedulingService, LINK_CODE_ALPHABET } from "./scheduling.service.ts";

const clock = fakeClock("2026-12-07T06:00:00.000Z");
let ctx: TestContext;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  ctx = await createTestContext({}, undefined, { now: clock.now });
  alice = await ctx.signUpVerified("links-alice@example.com");
  bob = await ctx.signUpVerified("links-bob@example.com");
});
afterAll(() => ctx?.close());

/** The create form's defaults (docs/product.md §8.3). */
const input = (patch: Partial<CreateLinkInput> = {}): CreateLinkInput => ({
  title: "Intro call",
  description: "A quick chat",
  durationMinutes: DEFAULT_LINK_DURATION,
  availableDays: [...DEFAULT_LINK_DAYS],
  availableTimeStart: DEFAULT_LINK_START,
  availableTimeEnd: DEFAULT_LINK_END,
  timezone: DEFAULT_LINK_TIMEZONE,
  ...patch,
});

const post = (cookie: string, body: unknown) =>
  ctx.request("/api/scheduling-links", { method: "POST", cookie, json: body });

async function created(cookie: string, body: CreateLinkInput = input()): Promise<SchedulingLinkDto> {
  const res = await post(cookie, body);
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as SchedulingLinkDto;
}

async function list(cookie: string): Promise<SchedulingLinkDto[]> {
  const res = await ctx.request("/api/scheduling-links", { cookie });
  expect(res.status).toBe(200);
  return ((await res.json()) as { links: SchedulingLinkDto[] }).links;
}

async function errorOf(res: Response): Promise<{ code: string; message: string; details?: { fields?: object } }> {
  return ((await res.json()) as { error: { code: string; message: string } }).error;
}

const codePattern = new RegExp(`^[${LINK_CODE_ALPHABET}]{8}$`);

describe("POST /api/scheduling-links", () => {
  it("needs a session", async () => {
    expect((await post("", input())).status).toBe(401);
    expect((await ctx.request("/api/scheduling-links")).status).toBe(401);
  });

  it("creates an active link with the spec's defaults, a public code and its public URL", async () => {
    const link = await created(alice.cookie);
    expect(link).toMatchObject({
      title: "Intro call",
      description: "A quick chat",
      durationMinutes: 30,
      availableDays: ["monday", "tuesday", "wednesday", "thursday", "friday"],
      availableTimeStart: "09:00",
      availableTimeEnd: "17:00",
      timezone: "Asia/Baghdad",
      isActive: true,
      upcomingMeetings: 0,
    });
    expect(link.linkCode).toMatch(codePattern);
    expect(link.publicUrl).toBe(`${TEST_ORIGIN}/schedule/${link.linkCode}`);
    const [row] = await ctx.database.db.select().from(schedulingLinks).where(eq(schedulingLinks.id, link.id));
    expect(row?.userId).toBe(alice.userId);
    expect(row?.createdAt.toISOString()).toBe(link.createdAt);
  });

  it("trims the title, stores an empty description as none, keeps another zone and days", async () => {
    const link = await created(
      alice.cookie,
      input({
        title: "  Demo  ",
        description: "   ",
        durationMinutes: 45,
        availableDays: ["saturday", "sunday"],
        timezone: "America/New_York",
        availableTimeStart: "10:00",
        availableTimeEnd: "12:15",
      }),
    );
    expect(link).toMatchObject({
      title: "Demo",
      description: null,
      durationMinutes: 45,
      availableDays: ["saturday", "sunday"],
      timezone: "America/New_York",
      availableTimeStart: "10:00",
      availableTimeEnd: "12:15",
    });
  });

  it("answers the spec's validation messages", async () => {
    const cases: [unknown, string, string][] = [
      [input({ title: "   " }), "title", "Please enter a title"],
      [input({ availableDays: [] }), "availableDays", "Please select at least one available day"],
      [input({ durationMinutes: 20 }), "durationMinutes", "Duration must be a multiple of 15 minutes"],
      [input({ durationMinutes: 0 }), "durationMinutes", "Duration must be at least 15 minutes"],
      [input({ availableTimeEnd: "08:00" }), "availableTimeEnd", "End time must be after start time"],
      [input({ timezone: "Mars/Olympus" }), "timezone", "Choose a valid timezone"],
      [input({ availableTimeStart: "9am" }), "availableTimeStart", "Use the 24-hour HH:MM format"],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(alice.cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const error = await errorOf(res);
      expect(error.message).toBe(message);
      expect(error.details?.fields).toMatchObject({ [field]: message });
    }
  });

  it("accepts durations in steps of 15", async () => {
    for (const durationMinutes of [15, 60, 90]) {
      expect((await created(alice.cookie, input({ durationMinutes }))).durationMinutes).toBe(durationMinutes);
    }
  });

  it("gives every link its own code from the unambiguous alphabet", async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 25; i++) codes.add((await created(bob.cookie, input({ title: `Bulk ${i}` }))).linkCode);
    expect(codes.size).toBe(25);
    for (const code of codes) expect(code).toMatch(codePattern);
    for (const look of ["0", "O", "o", "1", "l", "I"]) expect(LINK_CODE_ALPHABET).not.toContain(look);
  });

  it("draws a new code when the first one is taken", async () => {
    const taken = (await created(alice.cookie)).linkCode;
    const draws = [taken, taken, "Fresh234"];
    const deps = { db: ctx.database.db, config: ctx.config, now: clock.now } as unknown as FeatureDeps;
    const service = createSchedulingService(deps, { linkCode: () => draws.shift()! });
    const link = await service.create(alice.userId, input() as CreateLink);
    expect(link.linkCode).toBe("Fresh234");
    expect(draws).toEqual([]);
  });

  it("gives up after a few collisions instead of looping", async () => {
    const taken = (await created(alice.cookie)).linkCode;
    let draws = 0;
    const deps = { db: ctx.database.db, config: ctx.config, now: clock.now } as unknown as FeatureDeps;
    const service = createSchedulingService(deps, {
      linkCode: () => {
        draws += 1;
        return taken;
      },
    });
    await expect(service.create(alice.userId, input() as CreateLink)).rejects.toThrow();
    expect(draws).toBe(5);
  });
});

describe("GET /api/scheduling-links", () => {
  it("lists the user's links newest first with their upcoming meetings", async () => {
    const carol = await ctx.signUpVerified("links-carol@example.com");
    const first = await created(carol.cookie, input({ title: "First" }));
    clock.advance(1000);
    const second = await created(carol.cookie, input({ title: "Second" }));
    clock.advance(1000);
    const third = await created(carol.cookie, input({ title: "Third" }));
    // Created in quick succession: created_at comes from the database, so order them explicitly.
    await ctx.database.db
      .update(schedulingLinks)
      .set({ createdAt: new Date("2026-12-01T00:00:00Z") })
      .where(eq(schedulingLinks.id, first.id));
    await ctx.database.db
      .update(schedulingLinks)
      .set({ createdAt: new Date("2026-12-02T00:00:00Z") })
      .where(eq(schedulingLinks.id, second.id));
    await ctx.database.db
      .update(schedulingLinks)
      .set({ createdAt: new Date("2026-12-03T00:00:00Z") })
      .where(eq(schedulingLinks.id, third.id));
    const meeting = (start: string, status: "scheduled" | "cancelled" = "scheduled") => ({
      linkId: second.id,
      userId: carol.userId,
      prospectEmail: "p@example.com",
      scheduledDate: new Date(start),
      durationMinutes: 30,
      endsAt: new Date(new Date(start).getTime() + 30 * 60_000),
      timezone: "Asia/Baghdad",
      status,
    });
    const now = clock.now().getTime();
    await ctx.database.db.insert(scheduledMeetings).values([
      meeting(new Date(now + 86_400_000).toISOString()),
      meeting(new Date(now + 2 * 86_400_000).toISOString()),
      // Cancelled, and already over: neither is upcoming.
      meeting(new Date(now + 3 * 86_400_000).toISOString(), "cancelled"),
      meeting(new Date(now - 86_400_000).toISOString()),
      // Started ten minutes ago, not ended: still upcoming for the manager.
      meeting(new Date(now - 10 * 60_000).toISOString()),
    ]);
    const links = await list(carol.cookie);
    expect(links.map((l) => l.title)).toEqual(["Third", "Second", "First"]);
    expect(links.map((l) => l.upcomingMeetings)).toEqual([0, 3, 0]);
  });
});

describe("PATCH and DELETE /api/scheduling-links/{id}", () => {
  it("deactivates and reactivates a link", async () => {
    const link = await created(alice.cookie);
    const off = await ctx.request(`/api/scheduling-links/${link.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { isActive: false },
    });
    expect(off.status).toBe(200);
    expect(((await off.json()) as SchedulingLinkDto).isActive).toBe(false);
    expect((await list(alice.cookie)).find((l) => l.id === link.id)?.isActive).toBe(false);
    const on = await ctx.request(`/api/scheduling-links/${link.id}`, {
      method: "PATCH",
      cookie: alice.cookie,
      json: { isActive: true },
    });
    expect(((await on.json()) as SchedulingLinkDto).isActive).toBe(true);
  });

  it("deletes a link with its meetings, then answers not found", async () => {
    const link = await created(alice.cookie);
    await ctx.database.db.insert(scheduledMeetings).values({
      linkId: link.id,
      userId: alice.userId,
      prospectEmail: "gone@example.com",
      scheduledDate: new Date("2026-12-08T06:00:00Z"),
      durationMinutes: 30,
      endsAt: new Date("2026-12-08T06:30:00Z"),
      timezone: "Asia/Baghdad",
    });
    const res = await ctx.request(`/api/scheduling-links/${link.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ message: "Scheduling link deleted" });
    expect((await list(alice.cookie)).some((l) => l.id === link.id)).toBe(false);
    const meetings = await ctx.database.db
      .select()
      .from(scheduledMeetings)
      .where(eq(scheduledMeetings.linkId, link.id));
    expect(meetings).toEqual([]);
    const again = await ctx.request(`/api/scheduling-links/${link.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(again.status).toBe(404);
    expect((await errorOf(again)).message).toBe("Scheduling link not found");
  });

  it("answers not found for ids that are not uuids", async () => {
    for (const id of ["nope", "1", "00000000-0000-4000-8000-000000000000"]) {
      const patch = await ctx.request(`/api/scheduling-links/${id}`, {
        method: "PATCH",
        cookie: alice.cookie,
        json: { isActive: false },
      });
      expect(patch.status).toBe(404);
      const del = await ctx.request(`/api/scheduling-links/${id}`, { method: "DELETE", cookie: alice.cookie });
      expect(del.status).toBe(404);
      expect((await errorOf(del)).message).toBe("Scheduling link not found");
    }
  });
});

describe("scoping", () => {
  it("never lists, changes or deletes another user's link", async () => {
    const link = await created(alice.cookie, input({ title: "Alice only" }));
    expect((await list(bob.cookie)).some((l) => l.id === link.id || l.title === "Alice only")).toBe(false);

    const patch = await ctx.request(`/api/scheduling-links/${link.id}`, {
      method: "PATCH",
      cookie: bob.cookie,
      json: { isActive: false },
    });
    expect(patch.status).toBe(404);
    expect((await errorOf(patch)).message).toBe("Scheduling link not found");
    const del = await ctx.request(`/api/scheduling-links/${link.id}`, { method: "DELETE", cookie: bob.cookie });
    expect(del.status).toBe(404);

    const [row] = await ctx.database.db.select().from(schedulingLinks).where(eq(schedulingLinks.id, link.id));
    expect(row?.isActive).toBe(true);
    expect((await list(alice.cookie)).some((l) => l.id === link.id)).toBe(true);
  });
});
