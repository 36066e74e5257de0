// A tracking host of one's own: which names may be one, what a CNAME check
// found, what the screen says about it, and whether mail uses the host now.
// Pure: the server looks the CNAME up and stores the answer; the web shows it.
import type { TrackingHostStatus } from "../db-enums.ts";

/**
 * A host is used for new mail only while its last passing check is at most
 * this old (the periodic recheck runs daily: a week rides out a DNS outage
 * of days without sending links on a name that may no longer be ours).
 */
export const TRACKING_HOST_FRESH_DAYS = 7;
/** The periodic recheck looks again at hosts checked longer ago than this. */
export const TRACKING_HOST_RECHECK_HOURS = 24;
/**
 * A host replaced or removed keeps answering its links this long: mail already
 * sent carries them, and an unsubscribe link must work for at least 30 days
 * after the message (CAN-SPAM); 90 covers late readers and slow follow-ups.
 */
export const TRACKING_HOST_RETIRED_DAYS = 90;

export const TRACKING_HOST_MAX_LENGTH = 253;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const IPV4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;
const IPV6 = /^\[?[0-9a-f:.]*:[0-9a-f:.]*\]?$/;

/** "Track.Example.com." → "track.example.com": how hosts are stored and compared. */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.$/, "");
}

/**
 * Why `host` cannot be the tracking host of sender domain `domain` (null: it
 * can). A subdomain of the sender domain: the links then share the From
 * address's domain (what receivers compare), and only whoever runs that
 * domain's DNS can point it here. Never the app's public host itself (it
 * answers everything already) and never an address (a CNAME needs a name).
 */
export function trackingHostProblem(host: string, o: { domain: string; publicHost: string }): string | null {
  const name = normalizeHost(host);
  const domain = normalizeHost(o.domain);
  if (!name) return `Enter a host name, such as track.${domain}`;
  if (name.length > TRACKING_HOST_MAX_LENGTH) return `A host name is at most ${TRACKING_HOST_MAX_LENGTH} characters`;
  if (IPV4.test(name) || IPV6.test(name)) {
    return "Enter a host name, not an IP address: a CNAME record needs a name";
  }
  const labels = name.split(".");
  if (!labels.every((l) => LABEL.test(l))) {
    return "A host name is letters, digits and dashes (not at either end of a part), parts of 1 to 63 characters separated by dots";
  }
  if (name === normalizeHost(o.publicHost)) return "That is the app's own address: choose a name of your own domain";
  if (!name.endsWith(`.${domain}`)) return `Choose a subdomain of ${domain}, such as track.${domain}`;
  return null;
}

export type CnameFinding = { status: Exclude<TrackingHostStatus, "pending">; cname: string | null };

/** What the CNAME records at the host say (null: the lookup failed). */
export function cnameVerdict(records: readonly string[] | null, publicHost: string): CnameFinding {
  if (records === null) return { status: "lookup_failed", cname: null };
  const targets = records.map(normalizeHost).filter(Boolean);
  if (targets.length === 0) return { status: "not_found", cname: null };
  const target = normalizeHost(publicHost);
  if (targets.includes(target)) return { status: "pass", cname: target };
  return { status: "wrong_target", cname: targets[0] ?? null };
}

export function trackingHostMessage(
  status: TrackingHostStatus,
  o: { host: string; publicHost: string; cname: string | null },
): string {
  switch (status) {
    case "pending":
      return `Not checked yet. Publish the CNAME record below, then check ${o.host}.`;
    case "pass":
      return `${o.host} is a CNAME to ${o.publicHost}.`;
    case "not_found":
      return `No CNAME record at ${o.host} yet. Publish the record below; DNS changes can take up to an hour to show.`;
    case "wrong_target":
      return `${o.host} is a CNAME to ${o.cname ?? "another host"}, not ${o.publicHost}. Change the record to the one below.`;
    case "lookup_failed":
      return `Could not be checked: the DNS lookup of ${o.host} failed. Try again in a moment.`;
  }
}

const DAY_MS = 86_400_000;

/**
 * Whether new mail uses the host: it passed within TRACKING_HOST_FRESH_DAYS,
 * and the last check did not find the record gone or changed (a failed
 * lookup says nothing either way, so it does not stop the host).
 */
export function trackingHostInUse(
  row: { checkStatus: TrackingHostStatus; verifiedAt: Date | null },
  now: Date,
): boolean {
  if (!row.verifiedAt) return false;
  if (row.checkStatus !== "pass" && row.checkStatus !== "lookup_failed") return false;
  return now.getTime() - row.verifiedAt.getTime() <= TRACKING_HOST_FRESH_DAYS * DAY_MS;
}
