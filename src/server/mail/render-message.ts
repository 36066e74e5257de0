// One campaign step for one contact, rendered into the message every transport
// sends: spintax resolved (the same choices for the same contact and step on
// every render, so a retry sends the same text), then merge tags filled (send mode: missing values take the user's
// fallbacks), an HTML and a text part, the user's signature and legal
// disclaimer, the unsubscribe link and headers when enabled, the open pixel
// when opens are tracked, the From name per the user's setting, and threading
// for follow-ups. Sent as plain text, the message is the text part alone: the
// body (an HTML body turned into text), signature, disclaimer and an
// 'Unsubscribe: URL' line; no HTML part, so no pixel.
// Pure apart from choosing a fresh Message-ID (pass `messageId` to reuse one).
import { randomUUID } from "node:crypto";
import type { BodyFormat, SendFormat } from "#shared/db-enums.ts";
import { fromDisplayName } from "#shared/sending/from-name.ts";
import { appendFooterHtml, appendFooterText, listUnsubscribeHeaders } from "#shared/sending/message-footer.ts";
import { followUpSubject, formatMessageId, threadHeaders } from "#shared/sending/threading.ts";
import {
  escapeHtml,
  type MergeContact,
  type MergeContext,
  mergeContextFromContact,
  renderMergeTags,
  withBookingLink,
} from "#shared/sequences/merge-tags.ts";
import { htmlToPlainText, plainTextToHtml } from "#shared/sequences/rich-text.ts";
import { spinText, spintaxSeed } from "#shared/sequences/spintax.ts";
import type { Settings } from "#shared/settings/settings.schemas.ts";
import { sanitizeEmailHtml } from "../html/sanitize-email-html.ts";
import type { OutgoingMessage } from "../sending/outgoing.ts";
import type { InlineImage } from "./inline-images.ts";
import type { TrackingUrls } from "./tokens.ts";

/** The settings rendering reads (a user_settings row has them under the same names). */
export type MessageSettings = Pick<
  Settings,
  "defaultSignature" | "legalDisclaimer" | "unsubscribeLinkEnabled" | "fromNameFormat" | "fallbackMergeTags"
>;

export type RenderCampaignMessageInput = {
  /**
   * The open pixel and unsubscribe link: trackingUrls(publicUrl, appSecret, sendId),
   * signed for the email_sends id (the engine also uses the pixel URL to store the
   * body without it).
   */
  tracking: TrackingUrls;
  step: { subject: string; body: string; bodyFormat: BodyFormat };
  contact: MergeContact;
  /**
   * What picks the step's spintax choices: the contact's id and the step's
   * number (left out: the contact's address and step 1).
   */
  spintax?: SpintaxKey;
  senderEmail: string;
  /** The sending user: full name for first_last, company name (if known) for company_team. */
  user: { fullName?: string | null; companyName?: string | null };
  settings: MessageSettings;
  /** For a follow-up: step 1's Message-ID and the subject it was sent with (email_sends.subject). */
  thread?: { messageId: string; subject: string };
  /** The Message-ID chosen on an earlier attempt of this send, so a retry keeps it. */
  messageId?: string;
  /** The open pixel goes in (HTML messages only): the campaign's choice, else the user's setting. */
  trackOpens: boolean;
  /** "plain_text": a text part alone. The step's choice, else the campaign's. */
  sendAs: SendFormat;
  /** The contact's personal booking link (personalBookingUrl) for {{bookingLink}}; none: the tag renders empty. */
  bookingLink?: string;
  /** The images an HTML step's body refers to as cid: (extractInlineImages); sent with the HTML part. */
  inlineImages?: InlineImage[];
};

/** The contact and step a rendering's spintax choices are picked for. */
export type SpintaxKey = { contactId: string; stepNumber: number };

/** Header values are one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The subject a step goes out with: its spintax resolved for the contact and
 * step, its merge tags filled, on one line. A
 * follow-up without a subject of its own answers step 1's (already filled)
 * subject. Also what the unknown sends' list shows of a send whose rendered
 * text died with its worker.
 */
export function renderStepSubject(
  stepSubject: string,
  context: MergeContext,
  fallbacks: Settings["fallbackMergeTags"],
  spintax: SpintaxKey,
  threadSubject?: string,
): string {
  if (threadSubject !== undefined && !stepSubject.trim()) return followUpSubject("", threadSubject);
  // Spintax first: a contact's values (a company named "{A|B}") are never read as spintax.
  const spun = spinText(stepSubject, spintaxSeed(spintax.contactId, spintax.stepNumber, "subject"));
  return oneLine(renderMergeTags(spun, context, { mode: "send", format: "text", fallbacks }));
}

/**
 * A plain-text step sent as HTML: its personal booking URL (unique, it holds
 * the contact's token) becomes a link there too, as {{bookingLink}} is in a
 * rich-text step.
 */
function linkBookingUrl(html: string, url: string | undefined): string {
  if (!url) return html;
  const safe = escapeHtml(url);
  return html.replaceAll(safe, `<a href="${safe}">${safe}</a>`);
}

export function renderCampaignMessage(input: RenderCampaignMessageInput): OutgoingMessage {
  const { step, settings, senderEmail } = input;
  const contactContext = mergeContextFromContact(input.contact);
  const context = input.bookingLink ? withBookingLink(contactContext, input.bookingLink) : contactContext;
  const fill = (text: string, format: "text" | "html") =>
    renderMergeTags(text, context, { mode: "send", format, fallbacks: settings.fallbackMergeTags });

  const spintax = input.spintax ?? { contactId: input.contact.email, stepNumber: 1 };
  const subject = renderStepSubject(step.subject, context, settings.fallbackMergeTags, spintax, input.thread?.subject);
  const body = spinText(step.body, spintaxSeed(spintax.contactId, spintax.stepNumber, "body"), step.bodyFormat);

  let bodyHtml = "";
  let bodyText: string;
  if (step.bodyFormat === "html") {
    // Values are escaped as they are filled in; sanitising afterwards also
    // covers anything a tag next to markup, or a choice holding half an
    // element, could produce.
    bodyHtml = sanitizeEmailHtml(fill(body, "html"));
    bodyText = htmlToPlainText(bodyHtml);
  } else {
    bodyText = fill(body, "text");
    if (input.sendAs === "html") bodyHtml = linkBookingUrl(plainTextToHtml(bodyText), input.bookingLink);
  }

  const urls = input.tracking;
  const asHtml = input.sendAs === "html";
  const footer = {
    // Signatures and disclaimers may use merge tags too ("This email was sent to {{email}}").
    signature: fill(settings.defaultSignature, "text"),
    legalDisclaimer: fill(settings.legalDisclaimer, "text"),
    unsubscribeUrl: settings.unsubscribeLinkEnabled ? urls.unsubscribe : undefined,
    openPixelUrl: asHtml && input.trackOpens ? urls.openPixel : undefined,
  };

  return {
    from: {
      name: fromDisplayName({
        format: settings.fromNameFormat,
        senderEmail,
        userFullName: input.user.fullName,
        companyName: input.user.companyName,
        fallbackMergeTags: settings.fallbackMergeTags,
      }),
      address: senderEmail,
    },
    to: input.contact.email,
    subject,
    ...(asHtml ? { html: appendFooterHtml(bodyHtml, footer) } : {}),
    text: appendFooterText(bodyText, footer),
    messageId: input.messageId ?? formatMessageId(randomUUID(), senderEmail),
    ...(input.thread ? threadHeaders(input.thread.messageId) : {}),
    headers: settings.unsubscribeLinkEnabled ? listUnsubscribeHeaders(urls.unsubscribe, senderEmail) : {},
    ...(asHtml && input.inlineImages?.length ? { inlineImages: input.inlineImages } : {}),
  };
}
