// The message Compose sends: the text as typed; an HTML part with newlines as
// line breaks (as the spec's send-direct-email does) and the open pixel last
// when opens are tracked; or, sent as plain text, the text part alone.
import type { ComposeInput } from "#shared/compose/compose.schemas.ts";
import { openPixelHtml } from "#shared/sending/message-footer.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { OutgoingMessage } from "../../sending/outgoing.ts";

export function composeMessage(
  input: Pick<ComposeInput, "subject" | "message" | "inReplyTo" | "references" | "plainText">,
  o: { from: string; to: string; messageId: string; openPixelUrl?: string },
): OutgoingMessage {
  const pixel = o.openPixelUrl ? openPixelHtml(o.openPixelUrl) : "";
  return {
    from: { name: "", address: o.from },
    to: o.to,
    subject: input.subject,
    text: input.message,
    ...(input.plainText ? {} : { html: `${escapeHtml(input.message).replace(/\r?\n/g, "<br>")}${pixel}` }),
    messageId: o.messageId,
    ...(input.inReplyTo ? { inReplyTo: input.inReplyTo } : {}),
    ...(input.references?.length ? { references: input.references } : {}),
    headers: {},
  };
}
