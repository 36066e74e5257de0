// A claimed queue row → the message to send, through the shared renderer
// (mail/render-message.ts), with the Message-ID chosen at claim time so a
// retry sends the same one and replies can be matched to the send record.
// Whether the pixel goes in is decided here from what the claim loaded (the
// campaign's choice, else the batch's user settings): no query per message.
// So is where its public links point (the sender domain's tracking host in
// use, else PUBLIC_URL: trackingBaseUrl) and, with click tracking on, its
// links are rewritten to redirects once the message is rendered.
import { openPixelHtml } from "#shared/sending/message-footer.ts";
import { plainTextToHtml } from "#shared/sequences/rich-text.ts";
import { stepTextForVariant } from "#shared/sequences/step-variants.ts";
import { trackingBaseUrl } from "#shared/tracking-hosts/tracking-base-url.ts";
import type { Config } from "../../config.ts";
import { createSecretBox } from "../../crypto/secret-box.ts";
import { clickRewriteFor, withClickTracking } from "../../mail/click-links.ts";
import { createInlineImageCache } from "../../mail/inline-images.ts";
import { renderCampaignMessage } from "../../mail/render-message.ts";
import { personalBookingUrl, trackingUrls } from "../../mail/tokens.ts";
import type { OutgoingMessage } from "../outgoing.ts";
import type { RenderSend } from "./attempt-send.ts";
import { createDkimKeyRing } from "./dkim-key-ring.ts";

export function renderClaimedSend(config: Pick<Config, "publicUrl" | "appSecret">): RenderSend {
  const dkimKeys = createDkimKeyRing(createSecretBox(config.appSecret));
  // A step's images are taken out of its body once per step version (inline-images.ts says why).
  const withImagesApart = createInlineImageCache();
  return (send, batch) => {
    const baseUrl = trackingBaseUrl(config.publicUrl, send.sender.email, batch.trackingHosts);
    const tracking = trackingUrls(baseUrl, config.appSecret, send.send.id);
    // The subject and body of the row's A/B variant: the one choice variants make in rendering.
    const step = stepTextForVariant(send.step, send.step.variants, send.variantIndex);
    const apart =
      step.bodyFormat === "html"
        ? withImagesApart(`${step.id}:${step.version}:${send.variantIndex}:${step.body.length}`, step.body)
        : null;
    const rendered = renderCampaignMessage({
      step: apart ? { ...step, body: apart.body } : step,
      inlineImages: apart?.images,
      contact: send.contact,
      spintax: { contactId: send.contact.id, stepNumber: step.stepNumber },
      senderEmail: send.sender.email,
      user: { fullName: batch.account.name },
      settings: batch.settings,
      thread: send.thread ?? undefined,
      messageId: send.send.messageId,
      tracking,
      sendAs: send.delivery.sendAs,
      trackOpens: send.delivery.trackOpens ?? batch.settings.trackOpens,
      // The contact's own link (decision 018): only a booking through it stops their sequence.
      bookingLink: send.delivery.bookingLink
        ? personalBookingUrl(config.publicUrl, config.appSecret, send.delivery.bookingLink, send.contact.id)
        : undefined,
    });
    const message = send.delivery.trackClicks
      ? withClickTracking(
          rendered,
          clickRewriteFor({ baseUrl, publicUrl: config.publicUrl, secret: config.appSecret, sendId: send.send.id }),
        )
      : rendered;
    const dkim = dkimKeys.signingKey(batch.dkimKeys, message.from.address);
    if (dkim) message.dkim = dkim;
    // The owner's copy keeps the links as written: following one from the Inbox is not the recipient's click.
    return { message, storedBody: withoutPixel(rendered, tracking.openPixel) };
  };
}

/**
 * The HTML kept in email_sends.body for the Inbox: the message as sent minus
 * the open pixel, so the owner reading it in the app does not count as an open
 * (a plain-text message: its text as HTML, as the Inbox shows every body).
 */
function withoutPixel(message: OutgoingMessage, openPixelUrl: string) {
  if (message.html === undefined) return plainTextToHtml(message.text.trimEnd());
  return message.html.replace(openPixelHtml(openPixelUrl), "").trimEnd();
}
