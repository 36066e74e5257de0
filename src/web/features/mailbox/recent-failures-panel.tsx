// Failed emails → Recent Failures (docs/product.md §15): the 10 newest delivery
// failures, each with its category, the reason in plain words and the
// technical error — the server's reply and troubleshooting hints, shown as
// the Inbox shows a failed send's error details; Retry on a row worth retrying.
import { formatDistanceToNow } from "date-fns";
import { MailX, RotateCcw } from "lucide-react";
import { useId } from "react";
import { campaignLabel } from "#shared/inbox/inbox-labels.ts";
import type { DeliveryFailure } from "#shared/mailbox/mailbox.schemas.ts";
import { retryFailedText as text } from "#shared/sending/retry-failed.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { ErrorDetailsPanel } from "../inbox/error-details-panel.tsx";
import { useRecentFailures, useRetryFailedSend } from "./use-mailbox.ts";

function RetryButton({ failure, describedBy }: { failure: DeliveryFailure; describedBy: string }) {
  const retry = useRetryFailedSend();
  async function onRetry() {
    try {
      await retry.mutateAsync(failure.id);
      toast.success(text.queuedOne, { description: failure.contactEmail });
    } catch (err) {
      toast.error(text.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={retry.isPending}
      aria-describedby={describedBy}
      onClick={() => void onRetry()}
    >
      <RotateCcw aria-hidden /> {retry.isPending ? text.busy : text.retry}
    </Button>
  );
}

function FailureItem({ failure }: { failure: DeliveryFailure }) {
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={titleId} className="break-all font-medium">
            {failure.contactEmail}
          </h3>
          <p className="text-muted-foreground text-xs">
            {failure.campaignName ? campaignLabel(failure.campaignName) : "Direct email"} ·{" "}
            <time dateTime={failure.createdAt}>
              {formatDistanceToNow(new Date(failure.createdAt), { addSuffix: true })}
            </time>
          </p>
        </div>
        <div className="flex items-center gap-2">
          {failure.retryable && <RetryButton failure={failure} describedBy={titleId} />}
          <Badge variant="destructive">{failure.categoryLabel}</Badge>
        </div>
      </div>
      <p className="text-sm">
        <span className="font-medium">Reason: </span>
        {failure.reason}
      </p>
      {failure.error && <ErrorDetailsPanel error={failure.error} level={4} />}
    </li>
  );
}

export function RecentFailuresPanel() {
  const titleId = useId();
  const failures = useRecentFailures();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MailX className="size-4 text-destructive" aria-hidden />
          <h2 id={titleId}>Recent Failures</h2>
        </CardTitle>
        <CardDescription>The 10 most recent emails that could not be delivered, and why.</CardDescription>
      </CardHeader>
      <CardContent>
        {failures.isPending && (
          <div className="space-y-3" role="status" aria-label="Loading recent failures">
            <Skeleton className="h-20 w-full" />
          </div>
        )}
        {failures.isError && (
          <LoadFailed message={"Failed to load recent failures"} onRetry={() => void failures.refetch()} />
        )}
        {failures.isSuccess && failures.data.length === 0 && (
          <p className="py-4 text-center text-muted-foreground text-sm">No delivery failures. Every email went out.</p>
        )}
        {failures.isSuccess && failures.data.length > 0 && (
          <ul className="divide-y" aria-label="Recent failures">
            {failures.data.map((failure) => (
              <FailureItem key={failure.id} failure={failure} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
