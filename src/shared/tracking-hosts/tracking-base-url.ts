// The one choice every render path makes for a message's public links (the
// open pixel, the unsubscribe links in the body and the List-Unsubscribe
// headers, the click redirects): the sender domain's tracking host when it is
// in use, else the app's public URL. Same scheme, port and path as PUBLIC_URL:
// the CNAME makes the tracking host the same server, behind the same proxy.

/** A sender domain's tracking host in use now (trackingHostInUse), as the renderer gets them. */
export type TrackingHostInUse = { domain: string; host: string };

export function trackingBaseUrl(publicUrl: string, senderEmail: string, hosts: readonly TrackingHostInUse[]): string {
  const domain = senderEmail.slice(senderEmail.lastIndexOf("@") + 1).toLowerCase();
  const own = hosts.find((h) => h.domain === domain);
  if (!own) return publicUrl;
  const url = new URL(publicUrl);
  const port = url.port ? `:${url.port}` : "";
  return `${url.protocol}//${own.host}${port}${url.pathname.replace(/\/$/, "")}`;
}
