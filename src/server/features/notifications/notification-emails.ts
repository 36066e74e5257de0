// The emails of the notification outbox (docs/product.md §11.5), built from
// what was queued: the launch notification (its wording as before the outbox),
// the open digest and the reply notification. Times are in the user's
// timezone; every value from outside (names, subjects, a reply's text) is
// escaped in the HTML part.
import { moreOpensLine, replyExcerpt } from "#shared/notifications/notification-rules.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { SystemMessage } from "../../mail/system-mailer.ts";

const page = (body: string) =>
  `<div style="font-family:system-ui,sans-serif;max-width:560px;margin:auto;padding:24px;color:#111">\n${body}\n</div>`;
const footer = (what: string) => `You receive this because ${what} notifications are on in your Coldreach settings.`;

/** `format` in the user's timezone; UTC if the stored zone is unknown to Intl. */
function inZone(timezone: string, format: (zone: string) => string): { text: string; zone: string } {
  try {
    return { text: format(timezone), zone: timezone };
  } catch {
    return { text: format("UTC"), zone: "UTC" };
  }
}

/** "Nov 22, 2026, 3:04 PM GMT+1" in the owner's timezone. */
export function formatWhen(at: Date, timezone: string): string {
  // dateStyle/timeStyle cannot be combined with timeZoneName, hence the fields.
  return inZone(timezone, (timeZone) =>
    new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZoneName: "short",
      timeZone,
    }).format(at),
  ).text;
}

export type CampaignLaunched = {
  to: string;
  campaign: { id: string; name: string };
  launchedAt: Date;
  emailCount: number;
  timezone: string;
};

/** The launch notification (the spec's send-campaign-notification). */
export function campaignLaunchedEmail(n: CampaignLaunched, publicUrl: string): SystemMessage {
  const link = `${publicUrl}/campaigns/edit/${n.campaign.id}`;
  const when = inZone(n.timezone, (timeZone) =>
    n.launchedAt.toLocaleString("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }),
  );
  const summary = `Your campaign "${n.campaign.name}" was launched on ${when.text} (${when.zone}) with ${n.emailCount} emails scheduled.`;
  return {
    to: n.to,
    subject: `Campaign launched: ${n.campaign.name}`,
    text: `${summary}\n\nOpen it: ${link}\n`,
    html: `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(link)}">Open the campaign</a></p>`,
  };
}

export type DigestOpen = {
  toEmail: string;
  name: string | null;
  subject: string;
  campaignName: string | null;
  openedAt: Date;
};

/** The opens since the last digest: one line each (who, which email and campaign, when), the rest counted. */
export function openDigestEmail(
  n: { to: string; opens: DigestOpen[]; total: number; timezone: string },
  publicUrl: string,
): SystemMessage {
  const lines = n.opens.map((o) => {
    const who = o.name ? `${o.name} <${o.toEmail}>` : o.toEmail;
    const where = o.campaignName ? ` (campaign "${o.campaignName}")` : "";
    return `${who} opened "${o.subject}"${where} on ${formatWhen(o.openedAt, n.timezone)}`;
  });
  const more = moreOpensLine(n.total, n.opens.length);
  const subject = n.total === 1 ? "1 email opened" : `${n.total} emails opened`;
  const intro =
    n.total === 1
      ? "This email was opened since your last digest:"
      : "These emails were opened since your last digest:";
  const link = `${publicUrl}/inbox`;
  return {
    to: n.to,
    subject,
    text: `${intro}\n\n${lines.map((l) => `- ${l}`).join("\n")}${more ? `\n${more}` : ""}\n\nSee them in the Inbox: ${link}\n\n${footer("open")}`,
    html: page(`<h1 style="font-size:20px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>${more ? `\n<p>${escapeHtml(more)}</p>` : ""}
<p><a href="${escapeHtml(link)}">See them in the Inbox</a></p>
<p style="font-size:13px;color:#555">${footer("open")}</p>`),
  };
}

export type ReplyNotice = {
  to: string;
  fromEmail: string;
  fromName: string | null;
  subject: string | null;
  campaignName: string | null;
  repliedAt: Date;
  text: string;
  timezone: string;
  /** Where the reply opens in the app (Compose answering it). */
  link: string;
};

/** One reply a person wrote: who, to what, when, its text, and a link to answer it. */
export function replyNotificationEmail(n: ReplyNotice): SystemMessage {
  const who = n.fromName ? `${n.fromName} <${n.fromEmail}>` : n.fromEmail;
  const subjectLine = n.subject?.trim() || "(no subject)";
  const where = n.campaignName ? ` (campaign "${n.campaignName}")` : "";
  const line = `${who} replied to "${subjectLine}"${where} on ${formatWhen(n.repliedAt, n.timezone)}:`;
  const text = replyExcerpt(n.text) || "(no text)";
  return {
    to: n.to,
    subject: `Reply from ${n.fromName || n.fromEmail}: ${subjectLine}`,
    text: `${line}\n\n${text}\n\nOpen it in Coldreach: ${n.link}\n\n${footer("reply")}`,
    html: page(`<h1 style="font-size:20px">New reply from ${escapeHtml(n.fromName || n.fromEmail)}</h1>
<p>${escapeHtml(line)}</p>
<blockquote style="margin:0;padding:8px 12px;border-left:3px solid #ccc;white-space:pre-wrap">${escapeHtml(text)}</blockquote>
<p><a href="${escapeHtml(n.link)}">Open it in Coldreach</a></p>
<p style="font-size:13px;color:#555">${footer("reply")}</p>`),
  };
}
