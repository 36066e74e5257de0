// The sending window and days apply on the contact's wall clock: its own time
// zone, or the user's (Settings → Sending timezone) when it has none. The
// daily limits do not move: they count on the user's calendar day
// (docs/decisions/025-contact-time-zones.md).
import { isUsableTimeZone } from "../contacts/time-zone.ts";
import type { SendingRules } from "./sending-window.ts";

/**
 * The zone a contact's mail is timed in. A stored zone this runtime does not
 * know (written by hand, or dropped from a later ICU) falls back to the
 * user's rather than stopping the claim with a RangeError.
 */
export function effectiveZone(contactZone: string | null | undefined, userZone: string): string {
  return contactZone && isUsableTimeZone(contactZone) ? contactZone : userZone;
}

/** The user's rules, timed in the contact's zone. */
export function rulesForZone(rules: SendingRules, contactZone: string | null | undefined): SendingRules {
  const timezone = effectiveZone(contactZone, rules.timezone);
  return timezone === rules.timezone ? rules : { ...rules, timezone };
}
