import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

// The SPA lives in src/web; the Node server serves dist/web in production and
// `npm run dev` proxies /api, /t and /u to the server running beside Vite.
const apiTarget = process.env.DEV_API_URL ?? "http://127.0.0.1:3000";

export default defineConfig({
  root: "src/web",
  plugins: [react(), tailwindcss()],
  // The manifest (dist/web/.vite/manifest.json) maps each route module to its
  // chunk and imports: the size budget test (src/web/bundle-budget.test.ts) and
  // the code-splitting browser test read it.
  build: { outDir: "../../dist/web", emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    // Regex keys: "/t" alone would also catch SPA routes like /templates.
    proxy: { "/api": apiTarget, "^/t/": apiTarget, "^/u/": apiTarget },
  },
});
