// A lead's status history (docs/product.md §24): every change, newest first,
// with when, from → to and who made it (you, or the app and from what).
import { format } from "date-fns";
import { leadChangeAuthor, leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useLeadHistory } from "./use-lead-status.ts";

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");

export function LeadStatusHistory({ email }: { email: string }) {
  const history = useLeadHistory(email);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading status history" className="space-y-2">
        <Skeleton className="h-8 w-full" />
        <Skeleton className="h-8 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span className="text-destructive">Failed to load the status history</span>
        <Button size="sm" variant="outline" onClick={() => void history.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { changes, truncated } = history.data;
  if (changes.length === 0) {
    return <p className="text-muted-foreground text-sm">No status changes yet: this lead is New.</p>;
  }
  return (
    <>
      <ol aria-label="Status history" className="divide-y rounded-lg border text-sm">
        {changes.map((c) => (
          <li key={c.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-3 py-2">
            <span>
              <span className="font-medium">{leadStatusLabels[c.from ?? "new"]}</span>
              <span aria-hidden> → </span>
              <span className="sr-only"> to </span>
              <span className="font-medium">{leadStatusLabels[c.to]}</span>
              {c.suggested && <span className="text-muted-foreground"> (suggested)</span>}
              {c.from === c.to && <span className="text-muted-foreground"> (confirmed)</span>}
            </span>
            <span className="text-muted-foreground text-xs">
              {leadChangeAuthor(c.source, c.to, c.suggested)} · <time dateTime={c.createdAt}>{when(c.createdAt)}</time>
            </span>
          </li>
        ))}
      </ol>
      {truncated && <p className="text-muted-foreground text-xs">Older changes are not shown.</p>}
    </>
  );
}
