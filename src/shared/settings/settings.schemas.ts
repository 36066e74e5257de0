// The settings API contract, shared by the server route and the settings form.
// Messages are the spec's wording where the spec gives one.
import { z } from "zod";
import { bounceProtectionSettingsShape } from "../bounce-protection/bounce-protection.schemas.ts";
import { webhookUrlError } from "../bulk/webhook-url.ts";
import { fromNameFormats, themeModes, weekdays } from "../db-enums.ts";
import { DAILY_SEND_LIMIT_MAX, DAILY_SEND_LIMIT_MIN } from "./settings.constants.ts";
import { isValidTimeZone } from "./timezone.ts";

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Use the 24-hour HH:MM format");
const mergeTagName = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const themeModeSchema = z.enum(themeModes, { error: "Theme must be light, dark or auto" });

export const settingsSchema = z
  .object({
    timezone: z.string().refine(isValidTimeZone, "Choose a valid timezone"),
    themeMode: themeModeSchema,
    dailySendLimit: z
      .number({ error: "Daily limit must be a number" })
      .int("Daily limit must be a whole number")
      .min(DAILY_SEND_LIMIT_MIN, "Daily limit must be at least 1")
      .max(DAILY_SEND_LIMIT_MAX, "Daily limit cannot exceed 10,000"),
    sendTimeStart: timeOfDay,
    sendTimeEnd: timeOfDay,
    sendingDays: z
      .array(z.enum(weekdays))
      .min(1, "Select at least one sending day")
      .refine((days) => new Set(days).size === days.length, "Each sending day can be listed once"),
    replyHandlingEnabled: z.boolean(),
    fallbackMergeTags: z
      .record(z.string(), z.string().max(200, "Fallback values are limited to 200 characters"))
      .refine(
        (tags) => Object.keys(tags).every((k) => mergeTagName.test(k)),
        "Merge tag names may contain only letters, numbers and underscores",
      ),
    defaultSignature: z.string().max(5000, "Signature is limited to 5,000 characters"),
    fromNameFormat: z.enum(fromNameFormats, { error: "From name format must be first_last or company_team" }),
    unsubscribeLinkEnabled: z.boolean(),
    legalDisclaimer: z.string().max(5000, "Legal disclaimer is limited to 5,000 characters"),
    campaignNotificationsEnabled: z.boolean(),
    notificationEmail: z.union([z.literal(""), z.email("Invalid email address")], { error: "Invalid email address" }),
    openNotificationsEnabled: z.boolean(),
    /** Off unless sent: a client written before the switch existed keeps working (and leaves it off). */
    replyNotificationsEnabled: z.boolean({ error: "Reply notifications must be true or false" }).default(false),
    /** The open pixel in campaign messages, unless a campaign says otherwise. */
    trackOpens: z.boolean({ error: "Track opens must be true or false" }),
    /** Email in Bulk posts its payload here; "" means Coldreach sends the emails itself. */
    automationWebhookUrl: z
      .string({ error: "The webhook URL must be text" })
      .trim()
      .superRefine((value, ctx) => {
        const message = webhookUrlError(value);
        if (message) ctx.addIssue({ code: "custom", message });
      }),
    /** Settings › Bounce protection (#shared/bounce-protection). */
    ...bounceProtectionSettingsShape,
  })
  .superRefine((s, ctx) => {
    if (s.sendTimeEnd <= s.sendTimeStart) {
      ctx.addIssue({ code: "custom", path: ["sendTimeEnd"], message: "The sending window must end after it starts" });
    }
  })
  .meta({ id: "Settings" });

export type Settings = z.infer<typeof settingsSchema>;

export const themeUpdateSchema = z.object({ themeMode: themeModeSchema }).meta({ id: "ThemeUpdate" });
export type ThemeUpdate = z.infer<typeof themeUpdateSchema>;
