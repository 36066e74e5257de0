// The day list (docs/product.md §8.1): titled with the long date, the day's
// events in time order, coloured by type, loaded when the day is opened, a
// page at a time ("Load more"). Choosing an event opens Event Details.
import { useEffect, useState } from "react";
import { type CalendarEvent, calendarMessages } from "#shared/calendar/calendar.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { longDate, timeOfDay } from "./calendar-dates.ts";
import { EventDetailsDialog } from "./event-details-dialog.tsx";
import { eventStyles } from "./event-styles.ts";
import { useCalendarDay } from "./use-calendar.ts";

function EventRow({
  event,
  timeZone,
  onChoose,
}: {
  event: CalendarEvent;
  timeZone: string;
  onChoose: (event: CalendarEvent) => void;
}) {
  const style = eventStyles[event.type];
  return (
    <li>
      <button
        type="button"
        onClick={() => onChoose(event)}
        className={cn(
          "flex w-full items-start gap-3 rounded-md border px-3 py-2 text-left text-sm outline-none transition-opacity hover:opacity-85 focus-visible:ring-[3px] focus-visible:ring-ring/50",
          style.chip,
        )}
      >
        <span className="w-16 shrink-0 font-medium tabular-nums">{timeOfDay(event.at, timeZone)}</span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{event.title}</span>
          <span className="block truncate text-xs opacity-80">
            {style.label} · {event.contactEmail}
            {event.campaignName ? ` · ${event.campaignName}` : ""}
          </span>
        </span>
      </button>
    </li>
  );
}

export function DayEventsDialog({
  date,
  total,
  timeZone,
  onClose,
}: {
  /** The open day, or null. */
  date: string | null;
  /** Its number of events (from the month's counts). */
  total: number;
  timeZone: string;
  onClose: () => void;
}) {
  const day = useCalendarDay(date);
  const [chosen, setChosen] = useState<CalendarEvent | null>(null);
  const events = day.data?.pages.flatMap((p) => p.events) ?? [];
  const zone = day.data?.pages[0]?.timezone ?? timeZone;

  useEffect(() => {
    if (!day.isError) return;
    console.warn("calendar day failed to load", day.error);
    toast.error(calendarMessages.loadFailed, { id: "calendar-load-failed" });
  }, [day.isError, day.error]);

  return (
    <Dialog
      open={date !== null}
      onOpenChange={(open) => {
        if (!open) {
          setChosen(null);
          onClose();
        }
      }}
    >
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{date ? longDate(date) : ""}</DialogTitle>
          <DialogDescription>{total === 1 ? "1 event" : `${total} events`}</DialogDescription>
        </DialogHeader>
        <div className="max-h-[60vh] space-y-3 overflow-y-auto pr-1">
          {day.isPending && <Spinner label="Loading events..." />}
          {day.isError && <LoadFailed message={calendarMessages.loadFailed} onRetry={() => void day.refetch()} />}
          {day.isSuccess && events.length === 0 && (
            <p className="text-muted-foreground text-sm">No events on this day.</p>
          )}
          {events.length > 0 && (
            <ul aria-label="Events" className="space-y-2">
              {events.map((event) => (
                <EventRow key={event.id} event={event} timeZone={zone} onChoose={setChosen} />
              ))}
            </ul>
          )}
          <div className="flex justify-center">
            <LoadMoreButton pages={day} variant="outline" />
          </div>
        </div>
        <EventDetailsDialog event={chosen} timeZone={zone} onClose={() => setChosen(null)} />
      </DialogContent>
    </Dialog>
  );
}
