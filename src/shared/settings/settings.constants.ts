import { bounceProtectionSettingsDefaults } from "../bounce-protection/bounce-protection.schemas.ts";
import { type FromNameFormat, type ThemeMode, type Weekday, weekdays } from "../db-enums.ts";

export const DAILY_SEND_LIMIT_MIN = 1;
export const DAILY_SEND_LIMIT_MAX = 10_000;

/** The defaults (docs/product.md §5.1); the database column defaults match them. */
export const defaultSettings = {
  timezone: "UTC",
  themeMode: "light" as ThemeMode,
  dailySendLimit: 50,
  sendTimeStart: "00:00",
  sendTimeEnd: "23:59",
  sendingDays: [...weekdays] as Weekday[],
  replyHandlingEnabled: true,
  fallbackMergeTags: { first_name: "there", company: "your company" } as Record<string, string>,
  defaultSignature: "",
  fromNameFormat: "first_last" as FromNameFormat,
  unsubscribeLinkEnabled: true,
  legalDisclaimer: "",
  campaignNotificationsEnabled: false,
  notificationEmail: "",
  openNotificationsEnabled: false,
  replyNotificationsEnabled: false,
  trackOpens: true,
  /** No automation webhook: Email in Bulk sends through Coldreach. */
  automationWebhookUrl: "",
  ...bounceProtectionSettingsDefaults,
};
