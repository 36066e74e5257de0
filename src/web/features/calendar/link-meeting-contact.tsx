// A meeting's contact in Event Details: the contact it is linked to (booked
// through their personal link, or linked by hand), or 'Not linked to a
// contact' with 'Link to contact': the owner picks one of their contacts
// (searchable; the booker's address first), which stops that contact's
// follow-ups (decision 018).
import { useId, useState } from "react";
import { type CalendarEvent, calendarMessages } from "#shared/calendar/calendar.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { toast } from "#web/lib/toast.ts";
import { useLinkMeeting, useMeetingContacts } from "./use-calendar.ts";

type Linked = NonNullable<CalendarEvent["linkedContact"]>;

const contactLabel = (c: { name: string | null; email: string }) => (c.name ? `${c.name} (${c.email})` : c.email);

export function MeetingContact({ event }: { event: CalendarEvent }) {
  // Shown at once after a link, before the day's list has reloaded.
  const [linked, setLinked] = useState<Linked | null>(event.linkedContact);
  const [picking, setPicking] = useState(false);
  if (linked) return <span>{contactLabel(linked)}</span>;
  return (
    <div className="space-y-2">
      <p>{calendarMessages.notLinked}</p>
      {picking ? (
        <ContactPicker meetingId={event.id.replace(/^meeting-/, "")} onLinked={setLinked} />
      ) : (
        <Button type="button" size="sm" variant="outline" onClick={() => setPicking(true)}>
          Link to contact
        </Button>
      )}
    </div>
  );
}

function ContactPicker({ meetingId, onLinked }: { meetingId: string; onLinked: (contact: Linked) => void }) {
  const [search, setSearch] = useState("");
  const contacts = useMeetingContacts(meetingId, search.trim());
  const link = useLinkMeeting();
  const searchId = useId();

  function choose(contactId: string) {
    link.mutate(
      { meetingId, contactId },
      {
        onSuccess: (result) => {
          toast.success(`Meeting linked to ${result.linkedContact.email}`);
          onLinked(result.linkedContact);
        },
        onError: (err) => {
          console.warn("linking the meeting failed", err);
          toast.error("Failed to link the meeting", { description: err instanceof Error ? err.message : undefined });
        },
      },
    );
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={searchId}>Search contacts</Label>
      <Input
        id={searchId}
        type="search"
        placeholder="Name or email"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
      />
      {contacts.isError && <p className="text-destructive">Failed to load contacts</p>}
      {contacts.data?.length === 0 && <p className="text-muted-foreground">No contacts found</p>}
      <ul className="max-h-56 space-y-1 overflow-y-auto" aria-label="Contacts">
        {(contacts.data ?? []).map((c) => (
          <li key={c.id}>
            <Button
              type="button"
              variant="ghost"
              className="h-auto w-full justify-start whitespace-normal py-1.5 text-left"
              disabled={link.isPending}
              onClick={() => choose(c.id)}
            >
              <span className="min-w-0">
                <span className="block break-words">{contactLabel(c)}</span>
                <span className="block text-muted-foreground text-xs">{c.campaignName}</span>
              </span>
              {c.matchesBooker && (
                <Badge variant="secondary" className="ml-auto shrink-0">
                  Booker's address
                </Badge>
              )}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
