// The schedule preview API (docs/decisions/027-schedule-preview.md): the
// wizard's draft (its senders, its contacts' zones, its steps' timing and the
// new-contacts cap, in the create schema's own pieces) or a saved campaign →
// the plan of #shared/sending/schedule-plan.ts.
import { z } from "zod";
import { dailyNewContactsLimitSchema } from "../campaigns/campaigns.schemas.ts";
import { contactTimeZoneSchema, MAX_CONTACTS_PER_REQUEST } from "../contacts/contacts.schemas.ts";
import { senderDailyLimitSchema } from "../senders/senders.schemas.ts";
import { sequenceStepInputSchema } from "../sequences/sequence.schemas.ts";

export const schedulePreviewInputSchema = z
  .object({
    senderAccounts: z
      .array(
        z.object({
          email: z.string().trim().min(1, "Email is required").pipe(z.email("Enter a valid email address")),
          dailyLimit: senderDailyLimitSchema,
        }),
      )
      .min(1, "At least one sender account is required")
      .max(100),
    /** Each contact's zone, in the draft's order (senders are assigned round-robin in it, as launch does). */
    contacts: z
      .array(z.object({ timezone: contactTimeZoneSchema.optional() }))
      .min(1, "No contacts found. Please upload contacts before launching the campaign.")
      .max(MAX_CONTACTS_PER_REQUEST),
    sequence: z
      .array(
        sequenceStepInputSchema.pick({ delayAmount: true, delayUnit: true, scheduledDate: true, scheduledTime: true }),
      )
      .min(1, "At least one step is required")
      .max(20),
    dailyNewContactsLimit: dailyNewContactsLimitSchema.optional(),
  })
  .meta({ id: "SchedulePreviewInput" });
export type SchedulePreviewInput = z.infer<typeof schedulePreviewInputSchema>;

export const limitKinds = [
  "sender daily limits",
  "your daily send limit",
  "sending window",
  "new contacts per day",
  "pacing",
] as const;

export const schedulePreviewSchema = z
  .object({
    days: z.array(
      z.object({
        date: z.string(),
        firstSteps: z.number().int(),
        followUps: z.number().int(),
        /** Sends per sender address that day. */
        bySender: z.record(z.string(), z.number().int()),
      }),
    ),
    endDate: z.string().nullable(),
    complete: z.boolean(),
    totalSends: z.number().int(),
    limits: z.array(z.object({ kind: z.enum(limitKinds), message: z.string() })),
  })
  .meta({ id: "SchedulePreview" });
export type SchedulePreview = z.infer<typeof schedulePreviewSchema>;
