// The password reset mail: fixed wording only (no name or other text a visitor
// typed, since anyone can ask for a reset of any address) and the link.
import { escapeHtml } from "../mail/html.ts";
import type { SystemMessage } from "../mail/system-mailer.ts";

/** The subject, also what tests and the outbox journey look for. */
export const RESET_PASSWORD_SUBJECT = "Reset your Coldreach password";

/**
 * The link in the mail: better-auth's own check of the token, which sends the
 * browser on to /reset-password with the token, or with error=INVALID_TOKEN
 * when it has expired or was used.
 */
export function resetPasswordLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent("/reset-password")}`;
}

export function resetPasswordEmail(to: string, url: string): SystemMessage {
  return {
    to,
    subject: RESET_PASSWORD_SUBJECT,
    text: `Hi,\n\nSomeone asked to reset the password of the Coldreach account for this address. To choose a new password, open this link within an hour (it works once):\n${url}\n\nIf you did not ask for this, ignore this message: your password stays as it is.`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#111">
<h1 style="font-size:20px">Reset your password</h1>
<p>Hi,</p>
<p>Someone asked to reset the password of the Coldreach account for this address. To choose a new password, open this link within an hour (it works once).</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Choose a new password</a></p>
<p style="font-size:13px;color:#555;word-break:break-all">Or paste this link into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">If you did not ask for this, ignore this message: your password stays as it is.</p>
</div>`,
  };
}
