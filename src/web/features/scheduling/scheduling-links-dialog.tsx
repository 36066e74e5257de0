// The Scheduling Links manager (docs/product.md §8.3, opened from the calendar): the
// owner's links, newest first, and the form that creates one. The calendar
// reloads its data when this dialog closes (its onOpenChange).
import { CalendarClock } from "lucide-react";
import { useEffect, useId } from "react";
import { schedulingMessages } from "#shared/scheduling/scheduling.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { SchedulingLinkCard } from "./scheduling-link-card.tsx";
import { SchedulingLinkForm } from "./scheduling-link-form.tsx";
import { useSchedulingLinksQuery } from "./use-scheduling-links.ts";

function LinkList({ open }: { open: boolean }) {
  const query = useSchedulingLinksQuery(open);
  const headingId = useId();

  useEffect(() => {
    if (query.isError)
      toast.error(schedulingMessages.linksLoadFailed, {
        id: "scheduling-links-load-failed",
        description: query.error.message,
      });
  }, [query.isError, query.error]);

  const links = query.data ?? [];
  return (
    <section aria-labelledby={headingId} className="min-w-0 space-y-4">
      <h3 id={headingId} className="font-semibold">
        Your Links{" "}
        {query.isSuccess && <span className="font-normal text-muted-foreground text-sm">({links.length})</span>}
      </h3>
      {query.isPending && (
        <div className="space-y-3">
          <span className="sr-only" role="status">
            Loading scheduling links...
          </span>
          <Skeleton className="h-40 rounded-lg" />
          <Skeleton className="h-40 rounded-lg" />
        </div>
      )}
      {query.isError && (
        <LoadFailed message={schedulingMessages.linksLoadFailed} onRetry={() => void query.refetch()} />
      )}
      {query.isSuccess && links.length === 0 && (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-10 text-center">
          <CalendarClock className="size-8 text-muted-foreground" aria-hidden />
          <p className="font-medium">No scheduling links yet</p>
          <p className="max-w-xs text-muted-foreground text-sm">
            Create one with the form, share its public link, and prospects can book a time that suits you both.
          </p>
        </div>
      )}
      {links.length > 0 && (
        <ul aria-labelledby={headingId} className="space-y-3">
          {links.map((link) => (
            <SchedulingLinkCard key={link.id} link={link} />
          ))}
        </ul>
      )}
    </section>
  );
}

export function SchedulingLinksDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>Scheduling Links</DialogTitle>
          <DialogDescription>
            Share a link and prospects pick a free time in your window; booked meetings show on your calendar.
          </DialogDescription>
        </DialogHeader>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <SchedulingLinkForm />
          <LinkList open={open} />
        </div>
      </DialogContent>
    </Dialog>
  );
}
