// Zod compiles object parsers with `new Function` when the page allows it,
// and finds out by trying once. The Content-Security-Policy allows no eval, so
// that try is refused and reported as a violation on every load; jitless mode
// skips it (parsing is the same, a little slower on very large inputs).
// Zod reads the setting when a schema is built: every entry point (main.tsx,
// the import worker) imports this module before anything that defines one.
import { z } from "zod";

z.config({ jitless: true });
