// User settings: one row per user, created with the spec's defaults on first
// read. Every query is keyed by the signed-in user's id.
import { eq } from "drizzle-orm";
import {
  type BounceProtectionSettings,
  bounceProtectionSettingsShape,
} from "#shared/bounce-protection/bounce-protection.schemas.ts";
import type { Settings, ThemeUpdate } from "#shared/settings/settings.schemas.ts";
import type { Db } from "../../db/client.ts";
import { userSettings } from "../../db/schema/index.ts";

type Row = typeof userSettings.$inferSelect;

function toDto(row: Row): Settings {
  return {
    timezone: row.timezone,
    themeMode: row.themeMode as Settings["themeMode"],
    dailySendLimit: row.dailySendLimit,
    sendTimeStart: row.sendTimeStart,
    sendTimeEnd: row.sendTimeEnd,
    sendingDays: row.sendingDays as Settings["sendingDays"],
    replyHandlingEnabled: row.replyHandlingEnabled,
    fallbackMergeTags: (row.fallbackMergeTags ?? {}) as Record<string, string>,
    defaultSignature: row.defaultSignature,
    fromNameFormat: row.fromNameFormat as Settings["fromNameFormat"],
    unsubscribeLinkEnabled: row.unsubscribeLinkEnabled,
    legalDisclaimer: row.legalDisclaimer,
    campaignNotificationsEnabled: row.campaignNotificationsEnabled,
    notificationEmail: row.notificationEmail,
    openNotificationsEnabled: row.openNotificationsEnabled,
    replyNotificationsEnabled: row.replyNotificationsEnabled,
    trackOpens: row.trackOpens,
    automationWebhookUrl: row.automationWebhookUrl ?? "",
    bounceProtectionEnabled: row.protectionEnabled,
    bounceRatePercent: row.protectionBounceRatePercent,
    bounceMinSends: row.protectionMinSends,
    bounceWindowDays: row.protectionWindowDays,
    spamComplaintsMin: row.protectionSpamMin,
    spamRatePercent: row.protectionSpamRatePercent,
    unsubscribeRatePercent: row.protectionUnsubscribeRatePercent,
  };
}

/** Settings › Bounce protection as its columns. */
function protectionColumns(s: BounceProtectionSettings) {
  return {
    protectionEnabled: s.bounceProtectionEnabled,
    protectionBounceRatePercent: s.bounceRatePercent,
    protectionMinSends: s.bounceMinSends,
    protectionWindowDays: s.bounceWindowDays,
    protectionSpamMin: s.spamComplaintsMin,
    protectionSpamRatePercent: s.spamRatePercent,
    protectionUnsubscribeRatePercent: s.unsubscribeRatePercent,
  };
}

export function createSettingsService(db: Db) {
  return {
    /** Returns the user's settings, inserting the defaults the first time. */
    async get(userId: string): Promise<Settings> {
      const [existing] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      if (existing) return toDto(existing);
      // ON CONFLICT: two first reads at once must not fail on the unique key.
      await db.insert(userSettings).values({ userId }).onConflictDoNothing({ target: userSettings.userId });
      const [created] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
      if (!created) throw new Error("settings row missing after insert");
      return toDto(created);
    },

    /** Replaces every field (input already validated against settingsSchema). */
    async update(userId: string, input: Settings): Promise<Settings> {
      // The bounce-protection fields go to their own columns; the others are named as their columns.
      const rest = Object.fromEntries(
        Object.entries(input).filter(([key]) => !(key in bounceProtectionSettingsShape)),
      ) as Omit<Settings, keyof BounceProtectionSettings>;
      const values = {
        ...rest,
        ...protectionColumns(input),
        // An empty webhook URL is stored as NULL: no webhook.
        automationWebhookUrl: input.automationWebhookUrl || null,
        updatedAt: new Date(),
      };
      const [row] = await db
        .insert(userSettings)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userSettings.userId, set: values })
        .returning();
      if (!row) throw new Error("settings upsert returned no row");
      return toDto(row);
    },

    async updateTheme(userId: string, input: ThemeUpdate): Promise<Settings> {
      const [row] = await db
        .insert(userSettings)
        .values({ userId, themeMode: input.themeMode })
        .onConflictDoUpdate({ target: userSettings.userId, set: { themeMode: input.themeMode, updatedAt: new Date() } })
        .returning();
      if (!row) throw new Error("theme upsert returned no row");
      return toDto(row);
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
