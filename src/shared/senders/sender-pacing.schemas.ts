// Human pacing of a sender mailbox (per address, across every campaign that
// uses it): the API contract and the form's limits. The rules the claim
// applies: #shared/sending/pacing.ts.
import { z } from "zod";

export const PACING_GAP_MAX_SECONDS = 86_400;
export const PACING_HOURLY_MAX = 500;
export const PACING_RAMP_MAX = 500;

const gapSeconds = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of seconds`)
    .min(0, `${label} must be between 0 and 86,400 seconds (1,440 minutes)`)
    .max(PACING_GAP_MAX_SECONDS, `${label} must be between 0 and 86,400 seconds (1,440 minutes)`);

export const senderPacingInputSchema = z
  .object({
    /** The shortest wait after a send, in seconds (the form shows minutes). */
    gapMinSeconds: gapSeconds("Shortest wait"),
    /** The longest wait; each gap is drawn at random between the two. */
    gapMaxSeconds: gapSeconds("Longest wait"),
    /** Sends in any rolling hour; null: no hourly limit. */
    hourlyLimit: z
      .number({ error: "Hourly limit must be a number" })
      .int("Hourly limit must be a whole number")
      .min(1, "Hourly limit must be between 1 and 500")
      .max(PACING_HOURLY_MAX, "Hourly limit must be between 1 and 500")
      .nullable(),
    /** A new mailbox's ramp: `start` sends on the first day, `step` more each day, up to the daily limit; null: none. */
    ramp: z
      .object({
        start: z
          .number({ error: "Ramp start must be a number" })
          .int("Ramp start must be a whole number")
          .min(1, "Ramp start must be between 1 and 500")
          .max(PACING_RAMP_MAX, "Ramp start must be between 1 and 500"),
        step: z
          .number({ error: "Daily increase must be a number" })
          .int("Daily increase must be a whole number")
          .min(0, "Daily increase must be between 0 and 500")
          .max(PACING_RAMP_MAX, "Daily increase must be between 0 and 500"),
      })
      .nullable(),
  })
  .refine((p) => p.gapMaxSeconds >= p.gapMinSeconds, {
    path: ["gapMaxSeconds"],
    message: "The longest wait must be at least the shortest",
  })
  .meta({ id: "SenderPacingInput" });
export type SenderPacingInput = z.infer<typeof senderPacingInputSchema>;

export const senderPacingSchema = z
  .object({
    /** The mailbox address (lower-cased). */
    email: z.string(),
    gapMinSeconds: z.number().int(),
    gapMaxSeconds: z.number().int(),
    hourlyLimit: z.number().int().nullable(),
    ramp: z
      .object({
        start: z.number().int(),
        step: z.number().int(),
        /** The ramp's first day (YYYY-MM-DD, the user's timezone): the day it was turned on. */
        startedOn: z.string(),
        /** Today's allowance (before the sender's daily limit). */
        today: z.number().int(),
      })
      .nullable(),
    /** When the gap after the last send ends (ISO); null: none pending. */
    nextSendAt: z.string().nullable(),
  })
  .meta({ id: "SenderPacing" });
export type SenderPacing = z.infer<typeof senderPacingSchema>;

export const senderPacingListSchema = z
  .object({ pacing: z.array(senderPacingSchema) })
  .meta({ id: "SenderPacingList" });

/** What a new sender gets in the form (the leading tools' guidance: 2–5 minutes; a ramp of 10, +5 a day). */
export const PACING_FORM_DEFAULTS: SenderPacingInput = {
  gapMinSeconds: 120,
  gapMaxSeconds: 300,
  hourlyLimit: null,
  ramp: null,
};
export const RAMP_DEFAULTS = { start: 10, step: 5 } as const;
