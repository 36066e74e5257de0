// First: it configures zod before any schema is built (see the module).
import "./lib/zod-jitless.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { installFieldMessages } from "#shared/api/field-messages.ts";
import { Providers } from "./providers.tsx";
import { router } from "./router.tsx";
import "./styles.css";

// Validation messages name the field and the limit (see the module).
installFieldMessages();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

createRoot(root).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
