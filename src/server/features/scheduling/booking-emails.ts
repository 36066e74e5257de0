// The mail a booking sends: the prospect's confirmation with a calendar invite
// (iCalendar, METHOD:REQUEST) and a cancel link, the owner's notification,
// and on cancellation the owner's notice and the prospect's METHOD:CANCEL.
// Every text a visitor typed (name) or the owner wrote (title) is escaped in
// the HTML parts.
//
// The prospect's mail holds none of the booker's text: anyone with the link
// can book for any address, so a name typed on the page would otherwise
// reach a stranger's inbox in our words ("Hi <name>,"). It greets without a
// name and the invite names the attendee by address only; the prospect knows
// what they typed. The owner's notice shows the name, as labelled data.
// The prospect's mail is from the link's organizer (its own name and
// address, never the owner's sign-in address unless chosen): the organizer's
// name on the system address (which the system's SPF/DKIM cover), Reply-To
// and the invite's ORGANIZER the organizer's address.
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { escapeHtml } from "../../mail/html.ts";
import type { SystemMessage } from "../../mail/system-mailer.ts";

export type MeetingFacts = {
  id: string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  durationMinutes: number;
  /** The link's IANA zone when booked: times are written on its wall clock. */
  timezone: string;
  prospectEmail: string;
  prospectName: string | null;
};

export type Organizer = { name: string; email: string };

/** "Monday, December 7, 2026", "2:00 PM" and "GMT+3 (Asia/Baghdad)" in the meeting's zone. */
export function describeWhen(startsAt: Date, timeZone: string): { date: string; time: string; zone: string } {
  const date = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    year: "numeric",
    month: "long",
    day: "numeric",
  }).format(startsAt);
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(
    startsAt,
  );
  const offset =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "shortOffset" })
      .formatToParts(startsAt)
      .find((p) => p.type === "timeZoneName")?.value ?? timeZone;
  return { date, time, zone: offset === timeZone ? timeZone : `${offset} (${timeZone})` };
}

/** Stable per meeting, so a later CANCEL (or an update) names the same event in the attendee's calendar. */
export function meetingUid(meetingId: string, publicUrl: string): string {
  return `${meetingId}@${new URL(publicUrl).hostname}`;
}

/** The VCALENDAR of a meeting: DTSTART/DTEND in UTC, the link's organizer as ORGANIZER, the prospect's address as ATTENDEE. */
export function meetingCalendar(o: {
  method: "REQUEST" | "CANCEL";
  meeting: MeetingFacts;
  organizer: Organizer;
  uid: string;
  description: string;
  stamp: Date;
}): string {
  // A parameter value cannot hold a double quote (RFC 5545 §3.2); control characters have no place in a name.
  const cn = (name: string) =>
    [...name.replaceAll('"', "'")].map((ch) => (ch.charCodeAt(0) < 0x20 || ch === "\u007f" ? " " : ch)).join("");
  const calendar = ical({
    prodId: { company: "Coldreach", product: "Coldreach", language: "EN" },
    method: o.method === "REQUEST" ? ICalCalendarMethod.REQUEST : ICalCalendarMethod.CANCEL,
  });
  calendar.createEvent({
    id: o.uid,
    // A cancellation supersedes the invite (RFC 5546: a higher SEQUENCE wins).
    sequence: o.method === "REQUEST" ? 0 : 1,
    stamp: o.stamp,
    start: o.meeting.startsAt,
    end: o.meeting.endsAt,
    summary: o.meeting.title,
    description: o.description,
    status: o.method === "REQUEST" ? ICalEventStatus.CONFIRMED : ICalEventStatus.CANCELLED,
    organizer: { name: cn(o.organizer.name), email: o.organizer.email },
    attendees: [
      {
        // No CN: the booker's name is never part of the prospect's mail (see the header).
        email: o.meeting.prospectEmail,
        rsvp: true,
        role: ICalAttendeeRole.REQ,
        status: o.method === "REQUEST" ? ICalAttendeeStatus.NEEDSACTION : ICalAttendeeStatus.DECLINED,
      },
    ],
  });
  return calendar.toString();
}

/** The prospect's mail: From the organizer's name (on the system address), replies to the organizer. */
const fromOrganizer = (organizer: Organizer) => ({ fromName: organizer.name, replyTo: organizer.email });

const paragraphs = (lines: string[]) => lines.map((line) => `<p>${line}</p>`).join("\n");

/** The prospect's confirmation: date, time with its zone, duration, the invite and the cancel link. */
export function confirmationEmail(o: {
  meeting: MeetingFacts;
  organizer: Organizer;
  uid: string;
  cancelUrl: string;
  stamp: Date;
}): SystemMessage {
  const { meeting } = o;
  const when = describeWhen(meeting.startsAt, meeting.timezone);
  const greeting = "Hello,";
  const summary = `Your meeting "${meeting.title}" is scheduled.`;
  const facts = [
    `Date: ${when.date}`,
    `Time: ${when.time} ${when.zone}`,
    `Duration: ${meeting.durationMinutes} minutes`,
  ];
  const cancelLine = "If you can no longer attend, cancel the meeting here:";
  const text = [greeting, "", summary, "", ...facts, "", `${cancelLine}\n${o.cancelUrl}`, ""].join("\n");
  const html = paragraphs([
    escapeHtml(greeting),
    escapeHtml(summary),
    facts.map(escapeHtml).join("<br>"),
    `${escapeHtml(cancelLine)} <a href="${escapeHtml(o.cancelUrl)}">Cancel the meeting</a>`,
  ]);
  return {
    to: meeting.prospectEmail,
    subject: `Meeting scheduled: ${meeting.title}`,
    text,
    html,
    ...fromOrganizer(o.organizer),
    icalEvent: {
      method: "REQUEST",
      filename: "invite.ics",
      content: meetingCalendar({
        method: "REQUEST",
        meeting,
        organizer: o.organizer,
        uid: o.uid,
        stamp: o.stamp,
        description: `${meeting.durationMinutes}-minute meeting booked through Coldreach.\n\nTo cancel: ${o.cancelUrl}`,
      }),
    },
  };
}

/**
 * The booker as the owner's notices show them: labelled data after our own sentence, never the
 * sentence's subject, so a name reads as what the visitor typed ("Name given: …").
 */
function bookerFacts(m: MeetingFacts): [string, string][] {
  return m.prospectName === null
    ? [["Email", m.prospectEmail]]
    : [
        ["Email", m.prospectEmail],
        ["Name given", m.prospectName],
      ];
}

/** An owner's notice: our sentence, then the booker's details as a labelled table (escaped). */
function ownerNotice(o: { to: string; subject: string; line: string; meeting: MeetingFacts; calendarUrl: string }) {
  const facts = bookerFacts(o.meeting);
  const rows = facts
    .map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("");
  return {
    to: o.to,
    subject: o.subject,
    text: `${o.line}\n\n${facts.map(([label, value]) => `${label}: ${value}`).join("\n")}\n\nYour calendar: ${o.calendarUrl}\n`,
    html: [
      `<p>${escapeHtml(o.line)}</p>`,
      `<table>${rows}</table>`,
      `<p><a href="${escapeHtml(o.calendarUrl)}">Open your calendar</a></p>`,
    ].join("\n"),
  };
}

/** The owner's notice of a new booking: which link, when, and who booked it. */
export function bookedNotification(o: { to: string; meeting: MeetingFacts; calendarUrl: string }): SystemMessage {
  const { meeting } = o;
  const when = describeWhen(meeting.startsAt, meeting.timezone);
  return ownerNotice({
    ...o,
    subject: `New meeting booked: ${meeting.title}`,
    line: `"${meeting.title}" was booked for ${when.date} at ${when.time} ${when.zone} (${meeting.durationMinutes} minutes).`,
  });
}

/** The owner's notice that the prospect cancelled. */
export function cancelledNotification(o: { to: string; meeting: MeetingFacts; calendarUrl: string }): SystemMessage {
  const { meeting } = o;
  const when = describeWhen(meeting.startsAt, meeting.timezone);
  return ownerNotice({
    ...o,
    subject: `Meeting cancelled: ${meeting.title}`,
    line: `"${meeting.title}" on ${when.date} at ${when.time} ${when.zone} was cancelled. The time is free again.`,
  });
}

/** The prospect's copy of the cancellation, with METHOD:CANCEL so their calendar drops the event. */
export function cancellationEmail(o: {
  meeting: MeetingFacts;
  organizer: Organizer;
  uid: string;
  stamp: Date;
}): SystemMessage {
  const { meeting } = o;
  const when = describeWhen(meeting.startsAt, meeting.timezone);
  const line = `Your meeting "${meeting.title}" on ${when.date} at ${when.time} ${when.zone} has been cancelled.`;
  return {
    to: meeting.prospectEmail,
    subject: `Meeting cancelled: ${meeting.title}`,
    text: `${line}\n`,
    html: paragraphs([escapeHtml(line)]),
    ...fromOrganizer(o.organizer),
    icalEvent: {
      method: "CANCEL",
      filename: "cancel.ics",
      content: meetingCalendar({
        method: "CANCEL",
        meeting,
        organizer: o.organizer,
        uid: o.uid,
        stamp: o.stamp,
        description: `"${meeting.title}" was cancelled.`,
      }),
    },
  };
}
