// The mail-sync status card (docs/product.md §3.4): one of four states, and
// the way to /senders, where each sender's Gmail Sync section is (Settings has
// none, issue 28). Each mailbox the sync reads, IMAP or Gmail, is listed as
// working or has issues. Once the mailbox sync reads a mailbox, it also says
// when the mailboxes were last synced and, with errors, the newest one; and
// how many messages it skipped lately, and why.
import { formatDistanceToNow } from "date-fns";
import { AlertTriangle, CheckCircle2, CircleSlash, RefreshCcw, Settings } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { MailSyncStatus } from "#shared/dashboard/dashboard.schemas.ts";
import {
  MAIL_SYNC_WINDOW_DAYS,
  type MailSyncState,
  mailboxSyncMessages,
  mailSyncErrorCount,
  mailSyncHeadline,
  recentSyncErrorsText,
} from "#shared/dashboard/mail-sync-status.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { SkippedMessagesNote } from "../../components/skipped-messages-note.tsx";

const looks: Record<MailSyncState, { icon: typeof CheckCircle2; className: string }> = {
  not_configured: { icon: CircleSlash, className: "text-muted-foreground" },
  disabled: { icon: CircleSlash, className: "text-warning-foreground dark:text-warning" },
  working: { icon: CheckCircle2, className: "text-success" },
  errors: { icon: AlertTriangle, className: "text-destructive" },
};

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });
const mailboxes = (n: number) => `${n} ${n === 1 ? "mailbox" : "mailboxes"}`;

function detail(status: MailSyncStatus): string {
  const synced = status.syncedMailboxes > 0;
  switch (status.state) {
    case "not_configured":
      return "Turn on Gmail sync for a sender account so replies and bounces are picked up automatically.";
    case "disabled":
      return "Sync is turned on, but no sender account is connected to Gmail yet.";
    case "working":
      return synced
        ? `${mailboxes(status.syncedMailboxes)} synced${status.lastSyncedAt ? `, last ${ago(status.lastSyncedAt)}` : ""}.`
        : `No sync errors in the last ${MAIL_SYNC_WINDOW_DAYS} days.`;
    case "errors":
      return synced
        ? `${recentSyncErrorsText(mailSyncErrorCount(status))} since the last successful sync.`
        : `${recentSyncErrorsText(mailSyncErrorCount(status))} in the last ${MAIL_SYNC_WINDOW_DAYS} days.`;
  }
}

export function MailSyncCard({
  status,
  loading,
  failed,
}: {
  status: MailSyncStatus | undefined;
  loading: boolean;
  failed: boolean;
}) {
  const titleId = useId();
  const look = status ? looks[status.state] : undefined;
  const Icon = look?.icon;
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-4">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <RefreshCcw className="size-4 text-primary" aria-hidden />
          <h2 id={titleId}>Mail Sync</h2>
        </CardTitle>
        <CardAction>
          <Button variant="outline" size="sm" asChild>
            <Link to="/senders">
              <Settings aria-hidden /> Gmail Settings
            </Link>
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-3">
        {loading && (
          <div className="space-y-2">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-4 w-full" />
          </div>
        )}
        {!loading && !status && failed && (
          <p role="alert" className="text-destructive text-sm">
            Failed to load dashboard data
          </p>
        )}
        {status && Icon && (
          <div className="flex gap-3" data-state={status.state}>
            <Icon className={cn("mt-0.5 size-5 shrink-0", look.className)} aria-hidden />
            <div className="min-w-0 space-y-1">
              <p className="font-semibold">
                {mailSyncHeadline(
                  status.state,
                  status.mailboxes.some((m) => m.kind === "imap"),
                )}
              </p>
              <p className="text-muted-foreground text-sm">{detail(status)}</p>
              {status.mailboxes.length > 0 && (
                <ul aria-label="Mailboxes read" className="space-y-0.5 text-sm">
                  {status.mailboxes.map((m) => (
                    <li key={m.email} aria-label={m.email} className="break-words">
                      <span className="font-medium">{m.email}</span> ({m.kind === "imap" ? "IMAP" : "Gmail"}):{" "}
                      <span className={m.state === "errors" ? "text-destructive" : "text-success"}>
                        {mailboxSyncMessages[m.state]}
                      </span>
                      {m.lastSyncedAt && (
                        <span className="text-muted-foreground">
                          , last synced <time dateTime={m.lastSyncedAt}>{ago(m.lastSyncedAt)}</time>
                        </span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {status.state === "errors" && status.lastError && (
                <p className="break-words text-sm">
                  <span className="font-medium">Last error</span> ({status.lastError.mailbox},{" "}
                  <time dateTime={status.lastError.at}>{ago(status.lastError.at)}</time>): {status.lastError.message}
                </p>
              )}
              <SkippedMessagesNote skipped={status.skipped} />
              {(status.state === "not_configured" || status.state === "disabled") && (
                <Link
                  to="/senders"
                  className="inline-block font-medium text-primary text-sm underline-offset-4 hover:underline"
                >
                  Configure Gmail sync in Senders
                </Link>
              )}
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
