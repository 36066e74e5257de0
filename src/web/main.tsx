// First: it configures zod before any schema is built (see the module).
import "./lib/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { startEarlyRequests } from "./lib/early-requests.ts";
import { wantToaster, wantToasterOnFirstInteraction } from "./lib/toaster-wanted.ts";
import { Providers } from "./providers.tsx";
import { router } from "./router.tsx";
import "./styles.css";

// Validation messages name the field and the limit: they are installed with zod
// itself (lib/zod-with-field-messages.ts), not here, so pages without zod skip them.

startEarlyRequests(window.location.pathname);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// The Toaster loads at the first sign a toast may come (lib/toaster-wanted.ts).
wantToasterOnFirstInteraction(document);
const stopWatching = router.subscribe((state) => {
  if (state.navigation.state === "idle") return;
  stopWatching();
  wantToaster();
});

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
