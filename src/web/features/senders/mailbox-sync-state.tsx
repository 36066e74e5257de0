// A sender's mailbox sync on the Senders page (issue 12): when its mailbox was
// last synced and, when runs failed since, what failed and when; and the
// messages it skipped lately, and why (issue 26). Read from what the mailbox
// sync records (mailbox_syncs, its ledger); nothing is shown for a sender
// whose mailbox is not synced.
import { formatDistanceToNow } from "date-fns";
import { CircleAlert, MailCheck } from "lucide-react";
import { recentSyncErrorsText } from "#shared/dashboard/mail-sync-status.ts";
import type { SenderMailboxSync } from "#shared/senders/senders.schemas.ts";
import { SkippedMessagesNote } from "../../components/skipped-messages-note.tsx";

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

export function MailboxSyncState({ sync }: { sync: SenderMailboxSync | null }) {
  if (!sync) return null;
  const synced = sync.lastSyncedAt ? (
    <>
      Last synced <time dateTime={sync.lastSyncedAt}>{ago(sync.lastSyncedAt)}</time>
    </>
  ) : (
    "Not synced yet"
  );
  if (sync.errorCount > 0 && sync.lastError) {
    return (
      <div className="space-y-1">
        <div role="alert" className="flex items-start gap-2 text-destructive text-sm">
          <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          <div className="min-w-0 space-y-0.5">
            <p>
              <span className="font-medium">Mailbox sync failed</span>
              {sync.lastErrorAt && (
                <>
                  {" "}
                  <time dateTime={sync.lastErrorAt}>{ago(sync.lastErrorAt)}</time>
                </>
              )}
              : <span className="break-words">{sync.lastError}</span>
            </p>
            <p className="text-muted-foreground text-xs">
              {recentSyncErrorsText(sync.errorCount)} · {synced}
            </p>
          </div>
        </div>
        <SkippedMessagesNote skipped={sync.skipped} />
      </div>
    );
  }
  return (
    <div className="space-y-1">
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <MailCheck className="size-4 shrink-0 text-success" aria-hidden />
        <span>Mailbox sync: {synced}</span>
      </p>
      <SkippedMessagesNote skipped={sync.skipped} />
    </div>
  );
}
