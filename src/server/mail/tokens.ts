// Unguessable, verifiable tokens for public links in sent mail (open pixel,
// unsubscribe, a booked meeting's cancel link): "<id>.<HMAC-SHA256(kind:id)
// base64url, 22 chars>". The id is an email_sends id (open, unsubscribe) or a
// scheduled_meetings id (meeting); the HMAC proves the link came from us, so
// ids cannot be enumerated to mark opens, unsubscribe or cancel for other
// people, and the kind keeps one link from serving as another.
//
// A personal booking link (the {{bookingLink}} merge tag) carries a "booking"
// token: "<contact id>.<HMAC(booking:<link id>:<contact id>)>". The link id is
// in the MAC, not the token (the URL names the link by its code), so a token
// proves that contact only on the link it was made for.
//
// A click link carries a "click" token: "<send id>.<the link's URL,
// base64url>.<HMAC(click:<send id>.<URL>)>". The URL is in the token, so the
// redirect needs no lookup to know where to go, and the MAC covers it, so the
// redirect can only ever go to a URL that was in that message: an altered
// token is no token (no open redirect).
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenKind = "open" | "unsubscribe" | "meeting" | "booking" | "click";

function mac(secret: string, kind: TokenKind, id: string): string {
  return createHmac("sha256", secret).update(`${kind}:${id}`).digest("base64url").slice(0, 22);
}

export function signToken(secret: string, kind: TokenKind, id: string): string {
  return `${id}.${mac(secret, kind, id)}`;
}

/** The id before a token's last dot if the MAC after it is `macOf(id)`, else null. */
function verifiedId(token: string, macOf: (id: string) => string): string | null {
  const dot = token.lastIndexOf(".");
  if (dot <= 0) return null;
  const id = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(macOf(id));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

/** The id inside a valid token of that kind, or null. */
export function verifyToken(secret: string, kind: TokenKind, token: string): string | null {
  return verifiedId(token, (id) => mac(secret, kind, id));
}

/** The token of `contactId`'s personal link to the scheduling link `linkId`. */
export function signBookingToken(secret: string, linkId: string, contactId: string): string {
  return `${contactId}.${mac(secret, "booking", `${linkId}:${contactId}`)}`;
}

/** The contact id inside a valid booking token for `linkId`, or null (forged, of another link, not a token). */
export function verifyBookingToken(secret: string, linkId: string, token: string): string | null {
  return verifiedId(token, (contactId) => mac(secret, "booking", `${linkId}:${contactId}`));
}

/** A contact's personal booking page: the link's public page with the contact's token. */
export function personalBookingUrl(
  publicUrl: string,
  secret: string,
  link: { id: string; code: string },
  contactId: string,
): string {
  return `${publicUrl}/schedule/${link.code}?t=${signBookingToken(secret, link.id, contactId)}`;
}

export type TrackingUrls = { openPixel: string; unsubscribe: string };

/**
 * Public URLs the rendered message links to, on `baseUrl`: the sender
 * domain's tracking host or the public URL (trackingBaseUrl).
 */
export function trackingUrls(baseUrl: string, secret: string, sendId: string): TrackingUrls {
  return {
    openPixel: `${baseUrl}/t/o/${signToken(secret, "open", sendId)}.gif`,
    unsubscribe: `${baseUrl}/u/${signToken(secret, "unsubscribe", sendId)}`,
  };
}

/** The click token of `url` in the message of send `sendId`. */
export function signClickToken(secret: string, sendId: string, url: string): string {
  return signToken(secret, "click", `${sendId}.${Buffer.from(url, "utf8").toString("base64url")}`);
}

/** The send and URL inside a valid click token, or null (forged, altered, not a token). */
export function verifyClickToken(secret: string, token: string): { sendId: string; url: string } | null {
  const id = verifyToken(secret, "click", token);
  const dot = id?.indexOf(".") ?? -1;
  if (!id || dot <= 0) return null;
  return { sendId: id.slice(0, dot), url: Buffer.from(id.slice(dot + 1), "base64url").toString("utf8") };
}

/** The signed redirect to `url` for the message of send `sendId`, on `baseUrl`. */
export function clickUrl(baseUrl: string, secret: string, sendId: string, url: string): string {
  return `${baseUrl}/t/c/${signClickToken(secret, sendId, url)}`;
}
