import { escapeHtml } from "../mail/html.ts";
import type { SystemMessage } from "../mail/system-mailer.ts";

export function verificationEmail(to: string, name: string, url: string): SystemMessage {
  const greeting = name ? `Hi ${name},` : "Hi,";
  return {
    to,
    subject: "Confirm your Coldreach account",
    text: `${greeting}\n\nConfirm your email address to finish signing up for Coldreach:\n${url}\n\nIf you did not sign up, ignore this message.`,
    html: `<div style="font-family:system-ui,sans-serif;max-width:520px;margin:auto;padding:24px;color:#111">
<h1 style="font-size:20px">Confirm your email</h1>
<p>${escapeHtml(greeting)}</p>
<p>Confirm your email address to finish signing up for Coldreach.</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;background:#4f46e5;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">Confirm email address</a></p>
<p style="font-size:13px;color:#555;word-break:break-all">Or paste this link into your browser:<br>${escapeHtml(url)}</p>
<p style="font-size:13px;color:#555">If you did not sign up, ignore this message.</p>
</div>`,
  };
}
