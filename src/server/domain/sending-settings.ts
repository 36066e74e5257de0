// The user's settings as the queue needs them. A user who never opened the
// settings page has no row yet; the spec's defaults apply.
import { eq } from "drizzle-orm";
import type { SendingRules } from "#shared/sending/sending-window.ts";
import { defaultSettings } from "#shared/settings/settings.constants.ts";
import type { Db } from "../db/client.ts";
import { type UserSettings, userSettings } from "../db/schema/index.ts";

/** Bounce protection reads its own columns (domain/protection-check.ts). */
type ProtectionColumn = Extract<keyof UserSettings, `protection${string}`>;

export type SendingSettings = Omit<
  UserSettings,
  "userId" | "createdAt" | "updatedAt" | "automationWebhookUrl" | ProtectionColumn
>;

export async function loadSendingSettings(db: Pick<Db, "select">, userId: string): Promise<SendingSettings> {
  const [row] = await db.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row ?? { ...defaultSettings };
}

export function sendingRules(settings: SendingSettings): SendingRules {
  return {
    timezone: settings.timezone,
    sendTimeStart: settings.sendTimeStart,
    sendTimeEnd: settings.sendTimeEnd,
    sendingDays: settings.sendingDays,
  };
}
