// Refresh on the mailbox screens (issue 12: Reply Tracker, Failed emails):
// syncs the user's mailboxes now (POST /api/mailbox/sync), spinning while it
// runs, says how it went, and the screen then shows what the sync found.
import { RefreshCw } from "lucide-react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { resultFailed, resultMessage, useSyncMailboxes } from "./mailbox-actions.ts";

export const syncText = {
  synced: "Mailboxes synced",
  syncedDetail: "Replies, bounces and spam found in your mailboxes are shown.",
  failed: "Mailbox sync failed",
} as const;

export function SyncRefreshButton() {
  const sync = useSyncMailboxes();
  async function run() {
    try {
      const result = await sync.mutateAsync();
      const message = resultMessage(result);
      if (resultFailed(result)) toast.error(syncText.failed, { description: message ?? undefined });
      else toast.success(syncText.synced, { description: message ?? syncText.syncedDetail });
    } catch (err) {
      toast.error(syncText.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }
  return (
    <Button variant="outline" onClick={() => void run()} disabled={sync.isPending} aria-busy={sync.isPending}>
      <RefreshCw aria-hidden className={cn(sync.isPending && "animate-spin")} /> Refresh
    </Button>
  );
}
