// The owner's "your email was opened" message (settings: open notifications).
import { escapeHtml } from "../../mail/html.ts";
import type { SystemMessage } from "../../mail/system-mailer.ts";
import type { FirstOpen } from "./open-tracking.service.ts";

/** "Nov 22, 2026, 3:04 PM UTC" in the owner's timezone; UTC if the stored zone is unknown to Intl. */
function formatWhen(at: Date, timezone: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName, hence the fields.
  const options: Intl.DateTimeFormatOptions = {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  };
  try {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: timezone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" }).format(at);
  }
}

export function openNotificationEmail(to: string, open: FirstOpen, at: Date): SystemMessage {
  const when = formatWhen(at, open.timezone);
  const where = open.campaignName ? ` (campaign "${open.campaignName}")` : "";
  const line = `${open.toEmail} opened your email "${open.subject}"${where} on ${when}.`;
  return {
    to,
    subject: `Opened: ${open.subject}`,
    text: `${line}\n\nYou receive this because open notifications are on in your Coldreach settings.`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#111">
<h1 style="font-size:20px">Your email was opened</h1>
<p>${escapeHtml(line)}</p>
<p style="font-size:13px;color:#555">You receive this because open notifications are on in your Coldreach settings.</p>
</div>`,
  };
}
