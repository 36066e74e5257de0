/**
 * Per-user settings: exactly one row per user, keyed by user_id (the settings
 * upsert uses user_id as its conflict target, so it is the primary key).
 *
 * The CHECKs mirror the settings form's rules so a bad value cannot reach the
 * sending engine through another path: daily_send_limit 1..10,000, send window
 * times as 24-hour 'HH:MM' (compared as text, which orders correctly in that
 * format), sending_days only lowercase weekday names and at least one of them
 * (with none, queued mail would wait forever).
 */
import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, real, text } from "drizzle-orm/pg-core";
import { fromNameFormats, themeModes, weekdays } from "#shared/db-enums.ts";
import { user } from "./auth.ts";
import { createdAt, isOneOf, isSubsetOf, isTimeOfDay, updatedAt } from "./columns.ts";

export const userSettings = pgTable(
  "user_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    timezone: text("timezone").notNull().default("UTC"),
    themeMode: text("theme_mode", { enum: themeModes }).notNull().default("light"),
    dailySendLimit: integer("daily_send_limit").notNull().default(50),
    sendTimeStart: text("send_time_start").notNull().default("00:00"),
    sendTimeEnd: text("send_time_end").notNull().default("23:59"),
    sendingDays: text("sending_days", { enum: weekdays })
      .array()
      .notNull()
      .default([...weekdays]),
    replyHandlingEnabled: boolean("reply_handling_enabled").notNull().default(true),
    fallbackMergeTags: jsonb("fallback_merge_tags")
      .$type<Record<string, string>>()
      .notNull()
      .default({ first_name: "there", company: "your company" }),
    defaultSignature: text("default_signature").notNull().default(""),
    fromNameFormat: text("from_name_format", { enum: fromNameFormats }).notNull().default("first_last"),
    unsubscribeLinkEnabled: boolean("unsubscribe_link_enabled").notNull().default(true),
    legalDisclaimer: text("legal_disclaimer").notNull().default(""),
    campaignNotificationsEnabled: boolean("campaign_notifications_enabled").notNull().default(false),
    notificationEmail: text("notification_email").notNull().default(""),
    openNotificationsEnabled: boolean("open_notifications_enabled").notNull().default(false),
    /** One email per reply a person wrote (docs/product.md §11.5). */
    replyNotificationsEnabled: boolean("reply_notifications_enabled").notNull().default(false),
    /** The open pixel in campaign messages; a campaign may override it (campaigns.track_opens). */
    trackOpens: boolean("track_opens").notNull().default(true),
    /** Where "Email in Bulk" posts its payload; null until the user sets one. */
    automationWebhookUrl: text("automation_webhook_url"),
    /**
     * Bounce protection (docs/decisions/029-bounce-protection.md): pause a
     * mailbox or a campaign at this hard-bounce rate of at least min_sends
     * sends over window_days; at spam_min emails marked as spam that are at
     * least spam_rate_percent of the sends; at unsubscribe_rate_percent
     * unsubscribes of at least min_sends. A mailbox may override the bounce
     * rate and the minimum (sender_protection).
     */
    protectionEnabled: boolean("protection_enabled").notNull().default(true),
    protectionBounceRatePercent: real("protection_bounce_rate_percent").notNull().default(3),
    protectionMinSends: integer("protection_min_sends").notNull().default(50),
    protectionWindowDays: integer("protection_window_days").notNull().default(7),
    protectionSpamMin: integer("protection_spam_min").notNull().default(3),
    protectionSpamRatePercent: real("protection_spam_rate_percent").notNull().default(0.3),
    protectionUnsubscribeRatePercent: real("protection_unsubscribe_rate_percent").notNull().default(5),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("user_settings_theme_mode_check", isOneOf(t.themeMode, themeModes)),
    check("user_settings_daily_send_limit_check", sql`${t.dailySendLimit} between 1 and 10000`),
    check("user_settings_send_time_start_check", isTimeOfDay(t.sendTimeStart)),
    check("user_settings_send_time_end_check", isTimeOfDay(t.sendTimeEnd)),
    check(
      "user_settings_sending_days_check",
      sql`cardinality(${t.sendingDays}) >= 1 and ${isSubsetOf(t.sendingDays, weekdays)}`,
    ),
    check("user_settings_from_name_format_check", isOneOf(t.fromNameFormat, fromNameFormats)),
    check(
      "user_settings_protection_rates_check",
      sql`${t.protectionBounceRatePercent} > 0 and ${t.protectionBounceRatePercent} <= 100
        and ${t.protectionSpamRatePercent} > 0 and ${t.protectionSpamRatePercent} <= 100
        and ${t.protectionUnsubscribeRatePercent} > 0 and ${t.protectionUnsubscribeRatePercent} <= 100`,
    ),
    check(
      "user_settings_protection_counts_check",
      sql`${t.protectionMinSends} between 1 and 100000 and ${t.protectionWindowDays} between 1 and 90
        and ${t.protectionSpamMin} between 1 and 1000`,
    ),
  ],
);

export type UserSettings = typeof userSettings.$inferSelect;
