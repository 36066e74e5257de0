// The launch notification (docs/product.md §11.5): a
// system email to the owner when campaign notifications are on in Settings,
// to the notification address or, when that is empty, the account's address.
import { eq } from "drizzle-orm";
import { user } from "../../db/schema/index.ts";
import { loadSendingSettings } from "../../domain/sending-settings.ts";
import { escapeHtml } from "../../mail/html.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export async function sendLaunchNotification(
  deps: Pick<FeatureDeps, "db" | "config" | "mailer">,
  o: { userId: string; campaign: { id: string; name: string }; launchedAt: Date; emailCount: number },
): Promise<boolean> {
  const settings = await loadSendingSettings(deps.db, o.userId);
  if (!settings.campaignNotificationsEnabled) return false;
  const [account] = await deps.db.select({ email: user.email }).from(user).where(eq(user.id, o.userId));
  const to = settings.notificationEmail.trim() || account?.email;
  if (!to) return false;
  const link = `${deps.config.publicUrl}/campaigns/edit/${o.campaign.id}`;
  const when = o.launchedAt.toLocaleString("en-GB", {
    timeZone: settings.timezone,
    dateStyle: "medium",
    timeStyle: "short",
  });
  const summary = `Your campaign "${o.campaign.name}" was launched on ${when} (${settings.timezone}) with ${o.emailCount} emails scheduled.`;
  await deps.mailer.send({
    to,
    subject: `Campaign launched: ${o.campaign.name}`,
    text: `${summary}\n\nOpen it: ${link}\n`,
    html: `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(link)}">Open the campaign</a></p>`,
  });
  return true;
}
