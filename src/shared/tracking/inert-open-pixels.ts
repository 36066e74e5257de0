// HTML shown inside the app (the outbox's preview of a captured message) must
// never load an open pixel: the browser fetching it would count the owner
// reading the message as the recipient opening it.
//
// The pixel's request cannot be told apart from a recipient's on the server.
// Chromium loads the images of the outbox's sandboxed preview frame with no
// Referer and no cookie, `Origin: null` and `Sec-Fetch-Site: cross-site`, which
// is what a webmail that shows mail in a sandboxed frame sends too. So the
// pixel's URL is taken out before the HTML reaches the browser.

/**
 * An open pixel's URL, whatever the host it was sent with: `/t/o/` and the
 * signed token, `<send id (a UUID)>.<22 base64url characters>`
 * (src/server/mail/tokens.ts), with or without `.gif` (the endpoint takes
 * both), and any query or fragment. The part before `/t/o/` runs back to the
 * nearest character that cannot be inside a URL in an attribute, a srcset or a
 * CSS url(): a quote, a space, `<`, `>`, `(`, `)`, `=` or `,`.
 */
const OPEN_PIXEL_URL =
  /[^\s"'<>()=,]*\/t\/o\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.[\w-]{22}(?:\.gif)?(?:[?#][^\s"'<>()]*)?/gi;

/** The image the pixel serves (1×1, transparent), inline: the message looks the same and nothing is fetched. */
export const INERT_PIXEL = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7";

/** The HTML with every open pixel URL in it replaced by an inline transparent image, and how many there were. */
export function withInertOpenPixels(html: string): { html: string; replaced: number } {
  let replaced = 0;
  const inert = html.replace(OPEN_PIXEL_URL, () => {
    replaced++;
    return INERT_PIXEL;
  });
  return { html: inert, replaced };
}
