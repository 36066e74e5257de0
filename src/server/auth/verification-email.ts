// The sign-up confirmation mail. It goes to an address nobody has proved yet,
// so it carries no text the visitor typed (the sign-up name could read as a
// message from us to a stranger: "URGENT – pay at http://…"): a fixed greeting,
// our wording and the link only.
import { escapeHtml } from "../mail/html.ts";
import type { SystemMessage } from "../mail/system-mailer.ts";

export function verificationEmail(to: string, url: string): SystemMessage {
  return {
    to,
    subject: "Confirm your Coldreach account",
    text: `Hi,\n\nConfirm your email address to finish signing up for Coldreach:\n${url}\n\nIf you did not sign up, ignore this message.`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#111">
<h1 style="font-size:20px">Confirm your email</h1>
<p>Hi,</p>
<p>Confirm your email address to finish signing up for Coldreach.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm email address</a></p>
<p style="font-size:13px;color:#555;word-break:break-all">Or paste this link into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">If you did not sign up, ignore this message.</p>
</div>`,
  };
}
