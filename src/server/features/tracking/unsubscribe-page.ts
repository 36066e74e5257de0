// The public unsubscribe pages: server-rendered, self-contained (no script, no
// external asset), so they work in any browser a recipient opens them from
// and load nothing that could track them.
import { escapeHtml } from "../../mail/html.ts";

export type UnsubscribePage =
  | { kind: "confirm"; email: string }
  | { kind: "done"; email: string }
  | { kind: "invalid" }
  | { kind: "unavailable" };

const styles = `
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f4f4f5; color: #18181b; }
  main { max-width: 440px; margin: 12vh auto 0; padding: 32px; background: #fff; border-radius: 12px;
         box-shadow: 0 1px 3px rgb(0 0 0 / 0.08); text-align: center; }
  h1 { font-size: 22px; margin: 0 0 12px; }
  p { line-height: 1.5; color: #3f3f46; margin: 0 0 20px; overflow-wrap: anywhere; }
  button { font: inherit; font-weight: 600; color: #fff; background: #4f46e5; border: 0; border-radius: 8px;
           padding: 10px 20px; cursor: pointer; }
  button:hover { background: #4338ca; }
  @media (prefers-color-scheme: dark) {
    body { background: #18181b; color: #fafafa; }
    main { background: #27272a; box-shadow: none; }
    p { color: #d4d4d8; }
  }`;

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function renderUnsubscribePage(page: UnsubscribePage): string {
  switch (page.kind) {
    case "confirm":
      // A form POST, not a link: scanners that prefetch every URL in a
      // message follow GETs but do not submit forms. The hidden field is the
      // RFC 8058 body, so this is the very request a mail client's
      // one-click button sends. No action attribute: the form posts back to
      // the page's own URL, whatever host or proxy path it was reached by.
      return layout(
        "Unsubscribe",
        `<h1>Unsubscribe</h1>
<p>Stop receiving emails from this sender at <strong>${escapeHtml(page.email)}</strong>?</p>
<form method="post">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Confirm unsubscribe</button>
</form>`,
      );
    case "done":
      return layout(
        "You have been unsubscribed",
        `<h1>You have been unsubscribed</h1>
<p><strong>${escapeHtml(page.email)}</strong> will not receive any more emails from this sender.</p>`,
      );
    case "invalid":
      return layout("Link not valid", `<h1>Link not valid</h1>\n<p>This unsubscribe link is not valid.</p>`);
    case "unavailable":
      return layout(
        "Please try again",
        `<h1>Something went wrong</h1>\n<p>We could not process your request right now. Please try again in a few minutes.</p>`,
      );
  }
}
