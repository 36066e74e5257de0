// Whether a sender account can send at all, and if not, why, in the words the
// user needs: checked before a launch queues anything (issue 26: a launch with
// a sender the address policy refuses queued its mail and waited for good),
// and shown on the sender's card and the campaign's page. Each reason is the
// one a send through that sender would fail with (delivery-error.ts,
// smtp-transport.ts), so the launch and the failed send say the same thing.
import type { Config } from "../config.ts";
import { type SecretBox, SecretDecryptError } from "../crypto/secret-box.ts";
import { AddressNotAllowedError, type AddressPolicy, policyLookup, refusedLiteral } from "../http/address-policy.ts";
import { ADDRESS_NOT_ALLOWED_SUGGESTION } from "./delivery/smtp-transport.ts";
import { SMTP_PASSWORD_PURPOSE, sendingConnectionOf } from "./delivery/transports.ts";
import type { SenderAccountRow } from "./outgoing.ts";

export type ReadinessConfig = Pick<Config, "mailDelivery" | "smtpAllowPrivate" | "google">;

/** How long a launch waits for a sender's SMTP host name to resolve; past it the host is not refused (a send retries). */
const LOOKUP_TIMEOUT_MS = 3_000;

// Each reason follows "Sender account {email} cannot send: " (launchRefusal).
const refusedHost = (host: string) =>
  `its SMTP host ${host} is not allowed: it points to a private or local network. ${ADDRESS_NOT_ALLOWED_SUGGESTION.replace(/\.$/, "")}`;
const NO_CONNECTION = "it has no SMTP connection. Add it on the Senders page";
const GMAIL_NOT_CONFIGURED =
  "Gmail sending needs GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET on the server, or an SMTP connection set up on the Senders page";
const UNDECRYPTABLE =
  "its stored SMTP password could not be decrypted (was APP_SECRET changed?). Enter it again on the Senders page";

/**
 * Why the sender cannot send, from what is stored (no network): no
 * connection, a Gmail sender without Google OAuth on the server, or an SMTP
 * host that is an address the policy refuses. Null: it can, as far as can be
 * told without connecting.
 */
export function storedReasonNotToSend(row: SenderAccountRow, config: ReadinessConfig): string | null {
  if (config.mailDelivery === "capture") return null;
  const kind = sendingConnectionOf(row);
  if (kind === null) return NO_CONNECTION;
  if (kind === "gmail") return config.google ? null : GMAIL_NOT_CONFIGURED;
  const host = row.smtpHost!;
  if (refusedLiteral(host, policyOf(config))) return refusedHost(host);
  return null;
}

/**
 * storedReasonNotToSend, and also: the stored password does not decrypt, or
 * the host name resolves to an address the policy refuses (a bounded lookup;
 * a lookup that fails or takes too long is not a refusal: sends retry).
 */
export async function reasonNotToSend(
  row: SenderAccountRow,
  o: { config: ReadinessConfig; secrets: SecretBox; resolve?: AddressPolicy["resolve"] },
): Promise<string | null> {
  const stored = storedReasonNotToSend(row, o.config);
  if (stored || o.config.mailDelivery === "capture" || sendingConnectionOf(row) !== "smtp") return stored;
  try {
    o.secrets.decrypt(row.smtpPasswordEncrypted!, SMTP_PASSWORD_PURPOSE);
  } catch (err) {
    if (err instanceof SecretDecryptError) return UNDECRYPTABLE;
    throw err;
  }
  const host = row.smtpHost!;
  return (await resolvesToRefused(host, { ...policyOf(o.config), resolve: o.resolve })) ? refusedHost(host) : null;
}

function policyOf(config: ReadinessConfig): AddressPolicy {
  return { allowPrivate: config.smtpAllowPrivate };
}

function resolvesToRefused(host: string, policy: AddressPolicy): Promise<boolean> {
  if (policy.allowPrivate) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), LOOKUP_TIMEOUT_MS);
    policyLookup(policy)(host, { all: true }, (err) => {
      clearTimeout(timer);
      resolve(err instanceof AddressNotAllowedError);
    });
  });
}

/** The launch's refusal for senders that cannot send, each named with its reason. */
export function launchRefusal(blocked: { email: string; reason: string }[]): string {
  return blocked.map((b) => `Sender account ${b.email} cannot send: ${b.reason}.`).join(" ");
}

/** The reason as a sentence of its own (the sender's card). */
export function reasonAsSentence(reason: string): string {
  return `${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`;
}
