// A sender's emails: the rows of the Senders page's email history and of the
// sender profile's Recent Emails. Each shows the recipient, the subject, the
// campaign, the dates and the display status (opened, sent, failed, pending);
// a failed one shows what went wrong.
import { format } from "date-fns";
import { RefreshCw } from "lucide-react";
import { emailDisplayStatusLabels } from "#shared/reporting/display-status.ts";
import type { SenderEmail } from "#shared/senders/sender-stats.schemas.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { useSenderEmails } from "./use-sender-stats.ts";

const statusVariants: Record<SenderEmail["status"], BadgeProps["variant"]> = {
  opened: "success",
  sent: "secondary",
  failed: "destructive",
  pending: "outline",
};

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy HH:mm");

export function SenderEmailStatusBadge({ status }: { status: SenderEmail["status"] }) {
  return <Badge variant={statusVariants[status]}>{emailDisplayStatusLabels[status]}</Badge>;
}

function SenderEmailRow({ email }: { email: SenderEmail }) {
  const dates = [
    email.sentAt ? `Sent ${when(email.sentAt)}` : `Created ${when(email.createdAt)}`,
    email.openedAt ? `Opened ${when(email.openedAt)}` : null,
  ].filter(Boolean);
  return (
    <li className="space-y-1 py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 break-all font-medium text-sm">To: {email.toEmail}</p>
        <SenderEmailStatusBadge status={email.status} />
      </div>
      <p className="truncate text-sm" title={email.subject}>
        {email.subject || "(no subject)"}
      </p>
      <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-muted-foreground text-xs">
        <span>{email.campaignName ?? "Direct email"}</span>
        {dates.map((d) => (
          <span key={d}>{d}</span>
        ))}
      </p>
      {email.reason && (
        <p className="text-xs">
          <span className="font-medium">Reason: </span>
          {email.reason}
        </p>
      )}
      {email.error && <p className="line-clamp-2 break-words text-destructive text-xs">{email.error}</p>}
    </li>
  );
}

/** A fixed list of emails (the profile's Recent Emails). */
export function SenderEmailList({
  emails,
  label,
  className,
}: {
  emails: SenderEmail[];
  label: string;
  className?: string;
}) {
  return (
    <ul aria-label={label} className={cn("divide-y", className)}>
      {emails.map((email) => (
        <SenderEmailRow key={email.id} email={email} />
      ))}
    </ul>
  );
}

/** The Senders page's expandable email history: pages of 20, newest first, "Load more" for older ones. */
export function SenderEmailHistory({ senderId, email, id }: { senderId: string; email: string; id: string }) {
  const history = useSenderEmails(senderId, true);
  const emails = history.data?.pages.flatMap((p) => p.emails) ?? [];

  return (
    <div id={id} className="space-y-3">
      {history.isPending && (
        <div className="space-y-2">
          <span className="sr-only" role="status">
            Loading email history...
          </span>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-12" />
          ))}
        </div>
      )}
      {history.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-destructive">Failed to load the email history.</span>
          <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {history.isSuccess && emails.length === 0 && (
        <p className="text-muted-foreground text-sm">No emails sent from this sender yet.</p>
      )}
      {emails.length > 0 && (
        <SenderEmailList
          emails={emails}
          label={`Email history of ${email}`}
          className="max-h-96 overflow-y-auto pr-1"
        />
      )}
      {history.hasNextPage && (
        <Button
          variant="outline"
          size="sm"
          className="w-full"
          onClick={() => void history.fetchNextPage()}
          disabled={history.isFetchingNextPage}
        >
          {history.isFetchingNextPage ? <Spinner label="Loading..." /> : "Load more"}
        </Button>
      )}
    </div>
  );
}
