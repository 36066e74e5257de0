// The owner's "bounce protection paused …" message (Settings › Campaign
// notifications), one per pause: what was paused, the figure that did it,
// that its queued emails wait, and where to resume it.
import { escapeHtml } from "../../mail/html.ts";
import type { SystemMessage } from "../../mail/system-mailer.ts";

export type PauseNotice = {
  to: string;
  /** The figure that paused it ("3 hard bounces in 52 sends (5.8%) in the last 7 days"). */
  detail: string;
  /** A mailbox's pause… */
  senderEmail: string | null;
  /** …or a campaign's. */
  campaign: { id: string; name: string } | null;
};

const FOOTER = "You receive this because campaign notifications are on in your Coldreach settings.";

export function pauseNoticeEmail(n: PauseNotice, publicUrl: string): SystemMessage {
  const { subject, line, link } = n.campaign
    ? {
        subject: `Campaign paused: ${n.campaign.name}`,
        line: `Bounce protection paused your campaign "${n.campaign.name}": ${n.detail}. Its queued emails wait until you resume it; nothing is dropped.`,
        link: `${publicUrl}/campaigns/edit/${n.campaign.id}`,
      }
    : {
        subject: `Sending paused: ${n.senderEmail}`,
        line: `Bounce protection paused ${n.senderEmail}: ${n.detail}. It sends nothing, in any campaign, until you resume it; its queued emails wait, nothing is dropped.`,
        link: `${publicUrl}/senders`,
      };
  return {
    to: n.to,
    subject,
    text: `${line}\n\nReview it and resume it: ${link}\n\n${FOOTER}`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#111">
<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(line)}</p>
<p><a href="${escapeHtml(link)}">Review it and resume it</a></p>
<p style="font-size:13px;color:#555">${FOOTER}</p>
</div>`,
  };
}
