// The dashboard's first view (issue 15): in headless Chromium against the
// built app, over the screens benchmark's data (1,000,000 sends by default),
// the time from navigation start to the dashboard's figures showing their
// values (performance.now() of the first frame that has them: the page's time
// origin is the navigation's start). Cold: a new browser context each run
// (empty HTTP cache, signed in by cookie, no page loaded before). Warm: one
// context that has loaded the dashboard once, then reloads.
import { eq } from "drizzle-orm";
import type { Database } from "../src/server/db/client.ts";
import { user as users } from "../src/server/db/schema/index.ts";
import { type BrowserApp, median, type SignInAs, startBrowserApp } from "./browser-app.ts";
import { type ScreenSeed, type ScreenVolume, seedScreens } from "./screens-seed.ts";

/** The dashboard's headline figures (dashboard-figures.tsx); each shows a skeleton until its value. */
const FIGURES = ["Total Campaigns", "Emails Sent", "Active Contacts", "Open Rate", "Reply Rate", "Failure Rate"];

export type FirstViewRun = { ms: number; transferredKb: number; requests: number };

export type FirstViewFigures = {
  /** How the measured user's data came to be: the screens part's user, or seeded here. */
  data: string;
  emailsSent: string;
  cold: FirstViewRun[];
  warm: FirstViewRun[];
  problems: string[];
};

type Figures = {
  document: { querySelectorAll(selector: string): Iterable<FigureGroup> };
  performance: { now(): number; getEntriesByType(type: string): ResourceTiming[] };
};
type FigureGroup = { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }> };
type ResourceTiming = { transferSize: number };

/** Waits for the frame that shows every figure's value; returns its time since navigation start. */
async function figuresShown(page: Awaited<ReturnType<Awaited<ReturnType<BrowserApp["signedInContext"]>>["newPage"]>>) {
  const handle = await page.waitForFunction(
    (labels) => {
      const { document, performance } = globalThis as unknown as Figures;
      const values = new Map<string, string>();
      for (const group of document.querySelectorAll('[role="group"]')) {
        const ps = group.querySelectorAll("p");
        const label = ps[0]?.textContent ?? "";
        const value = ps[1]?.textContent ?? "";
        if (labels.includes(label) && value !== "") values.set(label, value);
      }
      if (values.size < labels.length) return false;
      const resources = performance.getEntriesByType("resource");
      const navigation = performance.getEntriesByType("navigation");
      const bytes = [...resources, ...navigation].reduce((sum, r) => sum + r.transferSize, 0);
      return {
        ms: performance.now(),
        emailsSent: values.get("Emails Sent") ?? "",
        transferredKb: bytes / 1024,
        requests: resources.length + navigation.length,
      };
    },
    FIGURES,
    { polling: "raf", timeout: 120_000 },
  );
  return (await handle.jsonValue()) as FirstViewRun & { emailsSent: string };
}

export async function runFirstViewBench(o: {
  database: Database;
  /** The screens part's user (its data already seeded), or undefined to seed `volume` here. */
  seeded?: SignInAs;
  volume: ScreenVolume;
  runs: number;
  progress: (what: string) => void;
}): Promise<FirstViewFigures> {
  const app = await startBrowserApp(o.database);
  try {
    let who = o.seeded;
    let data: string;
    if (who) {
      data = "the screens part's user and data";
    } else {
      const created = await app.createUser("bench-first-view");
      const [row] = await o.database.db.select({ id: users.id }).from(users).where(eq(users.email, created.email));
      if (!row) throw new Error(`no user ${created.email}`);
      const { volume } = o;
      o.progress(
        `first view: seeding ${volume.campaigns} campaigns, ${volume.contacts} contacts, ${volume.sends} sends (the screens' data)`,
      );
      const seed: ScreenSeed = await seedScreens(o.database.db, {
        userId: row.id,
        volume,
        salt: 1,
        now: new Date(),
        progress: (w) => o.progress(`first view: ${w}`),
      });
      // Statistics as a running server has them (see screens.ts).
      await o.database.exec(o.database.kind === "postgres" ? "vacuum analyze" : "analyze");
      data = `seeded here: ${seed.volume.campaigns} campaigns, ${seed.volume.contacts} contacts, ${seed.volume.sends} sends (${seed.seconds.toFixed(0)} s)`;
      who = created;
    }

    const visit = async (context: Awaited<ReturnType<BrowserApp["signedInContext"]>>) => {
      const page = await context.newPage();
      await page.goto(`${app.baseUrl}/`, { waitUntil: "commit" });
      return { page, shown: await figuresShown(page) };
    };

    // Unmeasured: the server's first requests (plans, caches) should not be the first cold run's.
    o.progress("first view: warm-up");
    const warmUp = await app.signedInContext(who);
    const { shown: first } = await visit(warmUp);
    await warmUp.close();

    const cold: FirstViewRun[] = [];
    for (let i = 0; i < o.runs; i++) {
      o.progress(`first view: cold, run ${i + 1} of ${o.runs}`);
      const context = await app.signedInContext(who);
      const { shown } = await visit(context);
      cold.push({ ms: shown.ms, transferredKb: shown.transferredKb, requests: shown.requests });
      await context.close();
    }

    const warm: FirstViewRun[] = [];
    const context = await app.signedInContext(who);
    const { page } = await visit(context);
    for (let i = 0; i < o.runs; i++) {
      o.progress(`first view: warm (reload), run ${i + 1} of ${o.runs}`);
      await page.reload({ waitUntil: "commit" });
      const shown = await figuresShown(page);
      warm.push({ ms: shown.ms, transferredKb: shown.transferredKb, requests: shown.requests });
    }
    await context.close();
    return { data, emailsSent: first.emailsSent, cold, warm, problems: [...app.problems] };
  } finally {
    await app.close();
  }
}

export function firstViewReport(f: FirstViewFigures): string {
  const row = (label: string, runs: FirstViewRun[]) =>
    `${label.padEnd(22)}${`${Math.round(median(runs.map((r) => r.ms)))} ms`.padStart(10)}${`${Math.round(median(runs.map((r) => r.transferredKb)))} KB`.padStart(14)}${String(median(runs.map((r) => r.requests))).padStart(10)}   ${runs.map((r) => `${Math.round(r.ms)}`).join(", ")} ms`;
  const lines = [
    `Dashboard first view, headless Chromium, built app (${f.data}; Emails Sent shows ${f.emailsSent}):`,
    `navigation start → every headline figure (${FIGURES.join(", ")}) showing its value. Median of ${f.cold.length} runs each.`,
    "",
    `${"cache".padEnd(22)}${"time".padStart(10)}${"transferred".padStart(14)}${"requests".padStart(10)}   every run`,
    row("cold (new context)", f.cold),
    row("warm (same, reload)", f.warm),
  ];
  if (f.problems.length > 0) lines.push(`Browser errors:\n${f.problems.join("\n")}`);
  return lines.join("\n");
}
