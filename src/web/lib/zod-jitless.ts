// Zod compiles object parsers with `new Function` when the page allows it,
// and finds out by trying once. The Content-Security-Policy allows no eval, so
// that try is refused and reported as a violation on every load; jitless mode
// skips it (parsing is the same, a little slower on very large inputs).
// Zod reads the setting when a schema is built: every entry point (main.tsx,
// the import worker) imports this module before anything that defines one.
//
// Zod keeps its config on globalThis.__zod_globalConfig and adopts an object
// already there (zod/v4/core/core.js), which `z.config()` writes too. Setting it
// here instead of calling z.config() keeps zod out of the entry chunk
// (docs/decisions/022-measurements-behind-the-code.md): the first screen that builds
// a schema loads zod with its own chunk.
// If a zod upgrade moved the setting, zod would try `new Function` again and the
// CSP browser test (tests/e2e/content-security-policy.test.ts) would catch it.
const zodHost = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodHost.__zod_globalConfig ??= {};
zodHost.__zod_globalConfig.jitless = true;
