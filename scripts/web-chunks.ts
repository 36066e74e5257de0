// Which chunk a module of the web build goes in (Rolldown's codeSplitting
// groups, vite.config.ts). Left to itself Rolldown makes one chunk per set of
// routes that share a module: the dashboard's first load was 58 scripts, most
// under 1 KB (one per icon), each a request of its own and a <link
// rel=modulepreload> its router inserts. Here a module that only the signed-in
// app needs and that its layouts (query layout, RequireAuth, app shell) need,
// or that the dashboard shares with another screen, goes in one "app" chunk;
// one that only the session's routes need and the session layout needs goes in
// one "session" chunk. Every route below those layouts loads them anyway, so
// nothing loads that did not before except, on a screen other than the
// dashboard, the few modules the dashboard shares with other screens
// (docs/decisions/019). Everything else is chunked as Rolldown would.
import type { ChunkingContext } from "rolldown";

/** Lazy route modules, by path under src/web. */
const SESSION_LAYOUT = "components/session-layout.tsx";
const APP_LAYOUTS = ["components/query-layout.tsx", "features/auth/require-auth.tsx", "features/shell/app-shell.tsx"];
const DASHBOARD = "features/dashboard/dashboard-page.tsx";
/** Routes a visitor without a session opens: nothing of theirs may move into the session's or the app's chunk. */
const PUBLIC = ["features/scheduling/booking-page.tsx", "features/scheduling/cancel-meeting-page.tsx"];
const SESSION_ONLY = ["features/auth/auth-page.tsx", "features/auth/reset-password-page.tsx"];

const webRoot = "/src/web/";
const rel = (id: string) => {
  const i = id.indexOf(webRoot);
  return i < 0 ? undefined : id.slice(i + webRoot.length);
};

/** The lazy boundaries (modules something imports with import(), and the entry) from which `id` is reached by static imports. */
function roots(id: string, ctx: ChunkingContext, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  memo.set(id, found); // a cycle adds nothing new
  const info = ctx.getModuleInfo(id);
  if (!info) return found;
  if (info.isEntry) found.add("(entry)");
  if (info.dynamicImporters.length > 0) found.add(rel(id) ?? id);
  for (const importer of info.importers) for (const r of roots(importer, ctx, memo)) found.add(r);
  return found;
}

export function webChunkName() {
  const memo = new Map<string, Set<string>>();
  return (id: string, ctx: ChunkingContext): string | null => {
    const info = ctx.getModuleInfo(id);
    // A lazy route keeps its own chunk (the manifest, and so the size budget, finds it by its path).
    if (!info || info.isEntry || info.dynamicImporters.length > 0) return null;
    const r = [...roots(id, ctx, memo)];
    if (r.includes("(entry)") || r.some((x) => PUBLIC.includes(x))) return null;
    // Loaded with every signed-in screen: by a layout above them all, or by the dashboard (where a session starts) and another.
    const everyScreen = r.some((x) => APP_LAYOUTS.includes(x)) || (r.includes(DASHBOARD) && r.length > 1);
    const session = r.some((x) => x === SESSION_LAYOUT || SESSION_ONLY.includes(x));
    if (!session) return everyScreen ? "app" : null;
    // Sign-in's and the signed-in app's: every route of either loads the session layout first.
    return r.includes(SESSION_LAYOUT) || everyScreen ? "session" : null;
  };
}
