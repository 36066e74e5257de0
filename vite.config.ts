import { fileURLToPath } from "node:url";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";
import { lucideDeepImports } from "./scripts/lucide-deep-imports.ts";
import { webChunkName } from "./scripts/web-chunks.ts";

// The SPA lives in src/web; the Node server serves dist/web in production and
// `npm run dev` proxies /api, /t and /u to the server running beside Vite.
const apiTarget = process.env.DEV_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: "src/web",
  // "zod" is zod with the field messages installed (src/web/lib/zod-with-field-messages.ts):
  // they load with zod instead of in every page's entry chunk.
  resolve: {
    alias: [
      { find: /^zod$/, replacement: fileURLToPath(new URL("src/web/lib/zod-with-field-messages.ts", import.meta.url)) },
    ],
  },
  plugins: [
    lucideDeepImports(),
    react(),
    tailwindcss(),
    // Brotli and gzip copies of every text asset beside the original (app.js →
    // app.js.br, app.js.gz); the server sends the best one the browser accepts
    // (src/server/http/static-files.ts). Built once at maximum quality rather
    // than compressed per request. A copy that would not be smaller is not
    // written; the server then sends the original.
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt|map)$/,
      threshold: 0,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
      logLevel: "silent",
    }),
  ],
  // The manifest (dist/web/.vite/manifest.json) maps each route module to its
  // chunk and imports: the size budget test (src/web/bundle-budget.test.ts) and
  // the code-splitting browser test read it.
  //
  // Chunks: what the entry loads is one file with it ($initial), and the
  // signed-in app's and the session's shared modules are one chunk each
  // (scripts/web-chunks.ts; docs/decisions/019).
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "index", tags: ["$initial"], priority: 1 },
            { name: webChunkName(), includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    // Regex keys: "/t" alone would also catch SPA routes like /templates.
    proxy: { "/api": apiTarget, "^/t/": apiTarget, "^/u/": apiTarget },
  },
});
