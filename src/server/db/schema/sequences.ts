/**
 * Sequence steps and saved templates.
 *
 * Steps are numbered from 1 within a campaign and (campaign_id, step_number) is
 * unique, so "the next step" is unambiguous for the scheduler. delay_amount and
 * delay_unit count from the previous step's send; scheduled_date and
 * scheduled_time (date and 'HH:MM' in the user's timezone) are an optional fixed
 * time for a follow-up instead. send_as overrides the campaign's send_as for
 * this step (null: the campaign's), and track_clicks the campaign's
 * track_clicks (null: the campaign's).
 *
 * variants holds the step's A/B variants after A (B–E: { subject, body|null },
 * #shared/sequences/step-variants.ts); the step's own subject and body are A,
 * so a step without variants is what every step was before them. ab_winner is
 * the variant (0 = A) every contact not yet sent this step gets once a winner
 * is chosen, ab_winner_mode how (auto: the significance rule; manual: the
 * user), with when and the sentence the campaign page shows
 * (docs/decisions/023-ab-variants.md).
 *
 * A template stores a whole sequence as JSON (template_data), parsed by the
 * service with the shared zod schema when it is used.
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  unique,
  uuid,
} from "drizzle-orm/pg-core";
import { abWinnerModes, bodyFormats, delayUnits, sendFormats } from "#shared/db-enums.ts";
import type { StepVariant } from "#shared/sequences/step-variants.ts";
import { user } from "./auth.ts";
import { campaigns } from "./campaigns.ts";
import { createdAt, descending, id, isOneOf, isTimeOfDay, timestamptz, updatedAt } from "./columns.ts";

export const emailSequences = pgTable(
  "email_sequences",
  {
    id: id(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    stepNumber: integer("step_number").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    bodyFormat: text("body_format", { enum: bodyFormats }).notNull().default("text"),
    sendAs: text("send_as", { enum: sendFormats }),
    trackClicks: boolean("track_clicks"),
    delayAmount: integer("delay_amount").notNull().default(0),
    delayUnit: text("delay_unit", { enum: delayUnits }).notNull().default("days"),
    scheduledDate: date("scheduled_date", { mode: "string" }),
    scheduledTime: text("scheduled_time"),
    variants: jsonb("variants").$type<StepVariant[]>().notNull().default([]),
    abWinner: smallint("ab_winner"),
    abWinnerMode: text("ab_winner_mode", { enum: abWinnerModes }),
    abWinnerAt: timestamptz("ab_winner_at"),
    abWinnerReason: text("ab_winner_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique("email_sequences_campaign_step_unique").on(t.campaignId, t.stepNumber),
    check("email_sequences_step_number_check", sql`${t.stepNumber} >= 1`),
    check("email_sequences_body_format_check", isOneOf(t.bodyFormat, bodyFormats)),
    check("email_sequences_send_as_check", isOneOf(t.sendAs, sendFormats)),
    check("email_sequences_delay_amount_check", sql`${t.delayAmount} >= 0`),
    check("email_sequences_delay_unit_check", isOneOf(t.delayUnit, delayUnits)),
    check("email_sequences_scheduled_time_check", isTimeOfDay(t.scheduledTime)),
    check(
      "email_sequences_variants_check",
      sql`jsonb_typeof(${t.variants}) = 'array' and jsonb_array_length(${t.variants}) <= 4`,
    ),
    check("email_sequences_ab_winner_check", sql`${t.abWinner} between 0 and 4`),
    check("email_sequences_ab_winner_mode_check", isOneOf(t.abWinnerMode, abWinnerModes)),
  ],
);

export const emailTemplates = pgTable(
  "email_templates",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    campaignName: text("campaign_name"),
    tags: text("tags").array().notNull().default([]),
    templateData: jsonb("template_data").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("email_templates_user_updated_idx").on(t.userId, descending(t.updatedAt))],
);

export type EmailSequence = typeof emailSequences.$inferSelect;
export type EmailTemplate = typeof emailTemplates.$inferSelect;
