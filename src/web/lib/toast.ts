// Toasts for the pages a visitor can land on first (sign-in, the public
// booking pages, the dashboard and the shell around it): sonner, which no first
// paint needs (docs/decisions/011-first-load-size-budget.md), is fetched when
// the first toast is shown, not with the page. The Toaster is
// lazy too (providers.tsx), mounted when lib/toaster-wanted.ts says, which the
// first toast here does; sonner replays the toasts raised before it subscribed,
// so a toast raised while either is still loading is not lost. Every screen
// raises toasts here (Biome refuses sonner's own `toast` in web/): one raised
// through sonner directly on a screen opened first would wait for a click.
import type { ExternalToast } from "sonner";
import { wantToaster } from "./toaster-wanted.ts";

type Message = string;

// biome-ignore lint/style/noRestrictedImports: the one place that loads sonner's toast (see above).
const loadSonner = () => import("sonner");

function show(kind: "success" | "error" | "info" | "warning", message: Message, data?: ExternalToast): void {
  wantToaster();
  loadSonner().then(
    ({ toast }) => toast[kind](message, data),
    // The chunk could not be fetched (offline, or a deploy replaced it): the
    // page's own state still says what happened; say it in the console too.
    (err: unknown) => console.warn(`toast not shown: ${message}`, err),
  );
}

/** sonner's toast.success/error/info/warning, loading sonner on first use. */
export const toast = {
  success: (message: Message, data?: ExternalToast) => show("success", message, data),
  error: (message: Message, data?: ExternalToast) => show("error", message, data),
  info: (message: Message, data?: ExternalToast) => show("info", message, data),
  warning: (message: Message, data?: ExternalToast) => show("warning", message, data),
};
