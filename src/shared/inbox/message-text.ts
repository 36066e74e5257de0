// The message of a send as the Inbox shows it: plain text. Campaign sends keep
// the HTML that was sent (minus the open pixel), direct compose keeps the text
// typed; the Inbox never renders stored HTML.
import { htmlToPlainText } from "../sequences/rich-text.ts";

export function inboxMessageText(body: string, isHtml: boolean): string {
  return isHtml ? htmlToPlainText(body) : body.replace(/\r\n?/g, "\n").trim();
}
