// Event Details (docs/product.md §8.1): type, title, date and time, contact,
// campaign (if any), status (if any), error message (if any); an email's step
// and a meeting's length when known. A meeting's Contact is who booked it (as
// typed on the booking page); its Linked contact is the campaign contact it is
// linked to, or 'Not linked to a contact' with 'Link to contact'.
import type { ReactNode } from "react";
import type { CalendarEvent } from "#shared/calendar/calendar.schemas.ts";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { cn } from "#web/lib/cn.ts";
import { dayOf, longDate, timeOfDay } from "./calendar-dates.ts";
import { eventStyles } from "./event-styles.ts";
import { MeetingContact } from "./link-meeting-contact.tsx";

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[8rem_1fr] gap-3 py-2">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

export function EventDetailsDialog({
  event,
  timeZone,
  onClose,
}: {
  event: CalendarEvent | null;
  timeZone: string;
  onClose: () => void;
}) {
  const style = event ? eventStyles[event.type] : undefined;
  return (
    <Dialog open={event !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Event Details</DialogTitle>
          <DialogDescription className="sr-only">{event?.title}</DialogDescription>
        </DialogHeader>
        {event && style && (
          <dl className="divide-y text-sm">
            <Row label="Type">
              <span className="inline-flex items-center gap-2">
                <span aria-hidden className={cn("size-2.5 rounded-full", style.dot)} />
                {style.label}
              </span>
            </Row>
            <Row label="Title">{event.title}</Row>
            <Row label="Date and time">
              {longDate(dayOf(event.at, timeZone))}, {timeOfDay(event.at, timeZone)}
            </Row>
            {event.type === "meeting" ? (
              <>
                <Row label="Contact">
                  {event.prospectName ? `${event.prospectName} (${event.contactEmail})` : event.contactEmail}
                </Row>
                <Row label="Linked contact">
                  <MeetingContact key={event.id} event={event} />
                </Row>
              </>
            ) : (
              <Row label="Contact">{event.contactEmail}</Row>
            )}
            {event.campaignName && <Row label="Campaign">{event.campaignName}</Row>}
            {event.stepNumber !== null && <Row label="Step">{event.stepNumber}</Row>}
            {event.durationMinutes !== null && <Row label="Duration">{event.durationMinutes} minutes</Row>}
            {event.status && <Row label="Status">{capitalized(event.status)}</Row>}
            {event.errorMessage && (
              <Row label="Error message">
                <span className="text-destructive">{event.errorMessage}</span>
              </Row>
            )}
          </dl>
        )}
      </DialogContent>
    </Dialog>
  );
}
