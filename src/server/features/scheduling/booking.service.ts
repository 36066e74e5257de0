// The public booking page's use cases (no sign-in). A visitor sees an ACTIVE
// link's own fields and nothing about its owner; every input is checked here
// (date bookable, time one of that date's grid slots, not past); the database
// decides races: the unique (link, start) among scheduled meetings and the
// owner's no-overlap exclusion constraint turn the losers into 409s.
//
// A booking stops campaign steps only when it proves who booked: made through
// a contact's personal link (the {{bookingLink}} merge tag, a token signed for
// that contact and this link), it is linked to that contact and stops the
// steps to that contact's address in every campaign of the owner, in the same
// transaction. Through the bare link (or with a token that proves nothing) it
// is a meeting linked to nobody and stops nothing: anyone can type any
// address into the form (decision 018). Its mail (the prospect's confirmation with
// a calendar invite and a cancel link, the owner's notification) is recorded
// as owed with it and sent in the background (meeting-notices.ts): a slow or
// failing mail server neither delays nor undoes the booking, and a crash
// before the mail went leaves it for the worker's sweep.
import { and, eq, gt, lt } from "drizzle-orm";
import {
  dayRange,
  freeSlots,
  gridSlots,
  isBookableDate,
  isBookableStart,
  lastBookableDate,
  type SlotRules,
} from "#shared/scheduling/booking-slots.ts";
import {
  type BookedMeeting,
  type BookMeeting,
  type PublicLink,
  type PublicMeeting,
  type SlotList,
  schedulingMessages,
} from "#shared/scheduling/scheduling.schemas.ts";
import { localDate, wallClock } from "#shared/zoned-time.ts";
import { contacts, scheduledMeetings, schedulingLinks } from "../../db/schema/index.ts";
import { isUuid } from "../../db/uuid.ts";
import { applyLeadStatusChanges } from "../../domain/lead-status.ts";
import { stopSequencesOfAddress } from "../../domain/stop-contact-sequence.ts";
import { AppError } from "../../errors.ts";
import { verifyBookingToken, verifyToken } from "../../mail/tokens.ts";
import { emitWebhookEvent } from "../../webhooks/emit-events.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { meetingBookedEvent } from "./meeting-booked-event.ts";
import { createMeetingNotices } from "./meeting-notices.ts";
import { pgError } from "./scheduling.service.ts";

type LinkRow = typeof schedulingLinks.$inferSelect;

/** Any 8 letters or digits: new codes use a narrower alphabet, but a code is looked up, not parsed. */
const LINK_CODE = /^[A-Za-z0-9]{8}$/;

/** unique_violation (the link's slot) and exclusion_violation (another meeting of the owner overlaps). */
const SLOT_CONFLICTS = new Set(["23505", "23P01"]);

/**
 * deadlock_detected: two overlapping bookings inserted at once can each wait for
 * the other at the exclusion constraint's check (PostgreSQL reports a deadlock
 * there, not an exclusion violation). The aborted one is tried again: it then
 * finds the other committed and gets its 409 (`booking.test.ts`, CI).
 */
const DEADLOCK = "40P01";
const BOOK_ATTEMPTS = 3;

const pad = (n: number) => String(n).padStart(2, "0");

/** "HH:MM" on the wall clock of `timeZone` at `instant`. */
function timeIn(instant: Date, timeZone: string): string {
  const w = wallClock(instant, timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

function linkNotFound(): AppError {
  return new AppError("not_found", schedulingMessages.linkNotFound);
}

function meetingNotFound(): AppError {
  return new AppError("not_found", schedulingMessages.meetingNotFound);
}

const rulesOf = (link: LinkRow): SlotRules => ({
  durationMinutes: link.durationMinutes,
  availableDays: link.availableDays,
  availableTimeStart: link.availableTimeStart,
  availableTimeEnd: link.availableTimeEnd,
  timezone: link.timezone,
  bookingHorizonDays: link.bookingHorizonDays,
  minimumNoticeHours: link.minimumNoticeHours,
});

export function createBookingService(deps: FeatureDeps) {
  const { db, config } = deps;
  const clock = () => deps.now?.() ?? new Date();
  const notices = createMeetingNotices(deps);

  /** An active link by its public code; anything else (inactive, unknown, malformed) is not found. */
  async function activeLink(code: string): Promise<LinkRow> {
    if (!LINK_CODE.test(code)) throw linkNotFound();
    const [link] = await db
      .select()
      .from(schedulingLinks)
      .where(and(eq(schedulingLinks.linkCode, code), eq(schedulingLinks.isActive, true)));
    if (!link) throw linkNotFound();
    return link;
  }

  /** The owner's scheduled meetings (any link) overlapping `date` in the link's zone: one query. */
  async function busyOn(link: LinkRow, date: string) {
    const day = dayRange(date, link.timezone);
    return db
      .select({ start: scheduledMeetings.scheduledDate, end: scheduledMeetings.endsAt })
      .from(scheduledMeetings)
      .where(
        and(
          eq(scheduledMeetings.userId, link.userId),
          eq(scheduledMeetings.status, "scheduled"),
          lt(scheduledMeetings.scheduledDate, day.end),
          gt(scheduledMeetings.endsAt, day.start),
        ),
      );
  }

  /** A meeting (with its link's title) by the token of its cancel link. */
  async function meetingByToken(token: string) {
    const id = verifyToken(config.appSecret, "meeting", token);
    if (!id || !isUuid(id)) throw meetingNotFound();
    const [row] = await db
      .select({ meeting: scheduledMeetings, title: schedulingLinks.title })
      .from(scheduledMeetings)
      .innerJoin(schedulingLinks, eq(schedulingLinks.id, scheduledMeetings.linkId))
      .where(eq(scheduledMeetings.id, id));
    if (!row) throw meetingNotFound();
    return row;
  }

  /**
   * The contact a personal link's token proves, or null: the token must be
   * signed for this link, and name a contact of the link's owner (a token is
   * only ever made for one, but a contact can be deleted since).
   */
  async function provenContact(tx: Pick<typeof db, "select">, link: LinkRow, token: string | undefined) {
    const contactId = token ? verifyBookingToken(config.appSecret, link.id, token) : null;
    if (!contactId || !isUuid(contactId)) return null;
    const [contact] = await tx
      .select({ id: contacts.id, email: contacts.email })
      .from(contacts)
      .where(and(eq(contacts.id, contactId), eq(contacts.userId, link.userId)));
    return contact ?? null;
  }

  const toPublicMeeting = (m: typeof scheduledMeetings.$inferSelect, title: string): PublicMeeting => ({
    date: localDate(m.scheduledDate, m.timezone),
    time: timeIn(m.scheduledDate, m.timezone),
    startsAt: m.scheduledDate.toISOString(),
    durationMinutes: m.durationMinutes,
    timezone: m.timezone,
    title,
    status: m.status,
  });

  return {
    /** The link's own fields (nothing about the owner, organizer included), today and the horizon's last date in its zone. */
    async link(code: string): Promise<PublicLink> {
      const link = await activeLink(code);
      const now = clock();
      return {
        linkCode: link.linkCode,
        title: link.title,
        description: link.description,
        durationMinutes: link.durationMinutes,
        availableDays: link.availableDays,
        availableTimeStart: link.availableTimeStart,
        availableTimeEnd: link.availableTimeEnd,
        timezone: link.timezone,
        today: localDate(now, link.timezone),
        lastDate: lastBookableDate(rulesOf(link), now),
      };
    },

    /** The free slots of `date`: empty for a date that cannot be booked (past, past the horizon, unavailable weekday, not a date). */
    async slots(code: string, date: string): Promise<SlotList> {
      const link = await activeLink(code);
      const now = clock();
      const rules = rulesOf(link);
      if (!isBookableDate(rules, date, now)) return { date, slots: [] };
      const busy = await busyOn(link, date);
      const slots = freeSlots(rules, date, { now, busy });
      return { date, slots: slots.map((s) => ({ time: s.time, startsAt: s.startsAt.toISOString() })) };
    },

    async book(code: string, input: BookMeeting): Promise<BookedMeeting> {
      const link = await activeLink(code);
      const now = clock();
      const rules = rulesOf(link);
      // On the grid of a bookable date (within the horizon), not started and at
      // least the link's notice ahead: else the visitor asked for a time the
      // link never offers (400). Whether it is still free is the database's
      // call, at the insert (409).
      const slot = isBookableDate(rules, input.date, now)
        ? gridSlots(rules, input.date).find((s) => s.time === input.time && isBookableStart(rules, s.startsAt, now))
        : undefined;
      if (!slot) throw new AppError("bad_request", schedulingMessages.slotUnavailable);
      const prospectName = input.name?.trim() || null;
      let meeting: typeof scheduledMeetings.$inferSelect | undefined;
      for (let attempt = 1; !meeting; attempt++) {
        try {
          // One transaction: the meeting, the mail it owes (claimed by this
          // process, see meeting-notices.ts) and the end of the prospect's
          // outreach (a proven contact's meeting stops their campaign steps, like a reply) all
          // happen, or none does.
          meeting = await db.transaction(async (tx) => {
            const contact = await provenContact(tx, link, input.token);
            const [row] = await tx
              .insert(scheduledMeetings)
              .values({
                linkId: link.id,
                userId: link.userId,
                prospectEmail: input.email,
                prospectName,
                contactId: contact?.id ?? null,
                scheduledDate: slot.startsAt,
                durationMinutes: link.durationMinutes,
                endsAt: slot.endsAt,
                timezone: link.timezone,
                status: "scheduled",
                noticesPending: "booked",
                noticesClaimedAt: new Date(),
              })
              .returning();
            if (!row) throw new Error("meeting insert returned no row");
            // Meeting booked; only suggested for an address typed into the bare link's form (it proves nothing).
            await applyLeadStatusChanges(tx, [
              {
                userId: link.userId,
                email: contact?.email ?? input.email,
                status: "meeting_booked",
                suggested: !contact,
                source: "booking",
              },
            ]);
            // The proven contact's address, not the one typed into the form.
            if (contact) await stopSequencesOfAddress(tx, link.userId, contact.email, "booked", now);
            await emitWebhookEvent(tx, meetingBookedEvent(row, contact?.email ?? null));
            return row;
          });
        } catch (err) {
          const code = pgError(err).code ?? "";
          if (SLOT_CONFLICTS.has(code)) throw new AppError("conflict", schedulingMessages.slotTaken);
          if (code !== DEADLOCK || attempt >= BOOK_ATTEMPTS) throw err;
        }
      }
      notices.sendNow(meeting.id);

      return {
        date: input.date,
        time: slot.time,
        startsAt: slot.startsAt.toISOString(),
        durationMinutes: link.durationMinutes,
        timezone: link.timezone,
        title: link.title,
      };
    },

    /** The meeting behind a cancel link, whatever its status (the page says when it is already cancelled). */
    async meeting(token: string): Promise<PublicMeeting> {
      const { meeting, title } = await meetingByToken(token);
      return toPublicMeeting(meeting, title);
    },

    /**
     * Cancels a scheduled meeting: its time is free again at once (the
     * constraints only hold scheduled meetings), the owner is told and the
     * prospect's calendar gets a CANCEL. A second cancel changes nothing and
     * sends nothing. A meeting that has already started stays as it was: an
     * old link must not rewrite the calendar's history.
     */
    async cancel(token: string): Promise<PublicMeeting> {
      const { meeting, title } = await meetingByToken(token);
      const now = clock();
      const [cancelled] = await db
        .update(scheduledMeetings)
        .set({
          status: "cancelled",
          cancelledAt: now,
          // Replaces booking notices not yet sent: the prospect needs the cancellation now, not the invite.
          noticesPending: "cancelled",
          noticesClaimedAt: new Date(),
          noticesAttempts: 0,
        })
        .where(
          and(
            eq(scheduledMeetings.id, meeting.id),
            eq(scheduledMeetings.status, "scheduled"),
            gt(scheduledMeetings.scheduledDate, now),
          ),
        )
        .returning();
      if (!cancelled) {
        // Already cancelled (perhaps a moment ago, by a second click), or started.
        const current = await meetingByToken(token);
        if (current.meeting.status === "scheduled") {
          throw new AppError("conflict", schedulingMessages.meetingStarted);
        }
        return toPublicMeeting(current.meeting, title);
      }
      notices.sendNow(cancelled.id);
      return toPublicMeeting(cancelled, title);
    },
  };
}

export type BookingService = ReturnType<typeof createBookingService>;
