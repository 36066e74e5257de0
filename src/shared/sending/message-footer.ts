// What every campaign message carries after its body: the signature, the legal
// disclaimer, a visible unsubscribe link (when enabled in settings) and the
// open-tracking pixel, plus the RFC 8058 one-click unsubscribe headers. The
// signature and disclaimer are plain text (settings textareas), already merged.

import { escapeHtml } from "../sequences/merge-tags.ts";
import { plainTextToHtml } from "../sequences/rich-text.ts";

export type MessageFooter = {
  signature: string;
  legalDisclaimer: string;
  /** Set when the user's unsubscribe link setting is on. */
  unsubscribeUrl?: string;
  openPixelUrl?: string;
};

const SMALL_PRINT = "color:#6b7280;font-size:12px";

/**
 * RFC 8058 one-click unsubscribe: an HTTPS URL the mailbox provider POSTs to,
 * and a mailto for clients that only do mail. Gmail and Yahoo require both
 * headers from bulk senders.
 */
export function listUnsubscribeHeaders(unsubscribeUrl: string, senderEmail: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl}>, <mailto:${senderEmail}?subject=unsubscribe>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

/** The open-tracking pixel: last in the HTML so it loads after everything else. */
export function openPixelHtml(url: string): string {
  return `<img src="${escapeHtml(url)}" width="1" height="1" alt="">`;
}

export function appendFooterHtml(bodyHtml: string, footer: MessageFooter): string {
  const parts = [bodyHtml];
  if (footer.signature.trim()) parts.push(`<div>${plainTextToHtml(footer.signature)}</div>`);
  if (footer.legalDisclaimer.trim()) {
    parts.push(`<div style="${SMALL_PRINT}">${plainTextToHtml(footer.legalDisclaimer)}</div>`);
  }
  if (footer.unsubscribeUrl) {
    parts.push(`<p style="${SMALL_PRINT}"><a href="${escapeHtml(footer.unsubscribeUrl)}">Unsubscribe</a></p>`);
  }
  if (footer.openPixelUrl) parts.push(openPixelHtml(footer.openPixelUrl));
  return parts.join("\n");
}

export function appendFooterText(bodyText: string, footer: MessageFooter): string {
  const blocks = [bodyText.trim(), footer.signature.trim(), footer.legalDisclaimer.trim()];
  if (footer.unsubscribeUrl) blocks.push(`Unsubscribe: ${footer.unsubscribeUrl}`);
  return `${blocks.filter(Boolean).join("\n\n")}\n`;
}
