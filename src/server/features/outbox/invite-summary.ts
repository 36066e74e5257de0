// What a captured calendar invite says, for the outbox: title, times,
// organizer, attendees and method, read with a real iCalendar parser (ical.js)
// so that times given with a TZID resolve through the calendar's own VTIMEZONE.
import ICAL from "ical.js";
import type { InviteSummary } from "#shared/outbox/outbox.schemas.ts";

type Time = InstanceType<typeof ICAL.Time>;
type Property = InstanceType<typeof ICAL.Property>;

function instant(time: Time | null | undefined): string | null {
  if (!time) return null;
  // A date without a time is a calendar day, the same everywhere.
  if (time.isDate) return new Date(Date.UTC(time.year, time.month - 1, time.day)).toISOString();
  const date = time.toJSDate();
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function person(property: Property | null): { email: string | null; name: string | null } | null {
  if (!property) return null;
  const address = text(property.getFirstValue());
  return {
    email: address ? address.replace(/^mailto:/i, "") : null,
    name: text(property.getParameter("cn")),
  };
}

/** The first event of an iCalendar text, or null when the text is not a calendar with an event ical.js can read. */
export function inviteSummary(source: string): InviteSummary | null {
  try {
    const parsed = ICAL.parse(source) as unknown[];
    // Several top-level components parse to a list of them; the calendar is the first.
    const root = new ICAL.Component((Array.isArray(parsed[0]) ? parsed[0] : parsed) as unknown[]);
    const calendar = root.name === "vcalendar" ? root : root.getFirstSubcomponent("vcalendar");
    const vevent = calendar?.getFirstSubcomponent("vevent");
    if (!calendar || !vevent) return null;
    const event = new ICAL.Event(vevent);
    return {
      title: text(event.summary),
      startsAt: instant(event.startDate),
      endsAt: instant(vevent.hasProperty("dtend") || vevent.hasProperty("duration") ? event.endDate : null),
      allDay: event.startDate?.isDate ?? false,
      organizer: person(vevent.getFirstProperty("organizer")),
      attendees: vevent.getAllProperties("attendee").map((p) => ({
        ...(person(p) ?? { email: null, name: null }),
        status: text(p.getParameter("partstat")),
      })),
      method: text(calendar.getFirstPropertyValue("method")),
    };
  } catch {
    // Not iCalendar, or a value ical.js cannot read (a broken date): the
    // attachment is still listed and downloadable, without a summary.
    return null;
  }
}
