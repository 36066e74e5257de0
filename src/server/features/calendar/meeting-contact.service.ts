// A meeting's contact, by the owner's hand (the calendar's event details): a
// booking through the bare link proves nobody and stops nothing, so the owner
// who knows who it was links it to one of their contacts, which stops that
// contact's sequence as a booking through their personal link would have
// (decision 018). Both the meeting and the contact must be the user's: another
// user's is "not found", as a missing one.
import { sql } from "drizzle-orm";
import { calendarMessages, type LinkedMeeting, type MeetingContact } from "#shared/calendar/calendar.schemas.ts";
import { type Executor, queryRows } from "../../db/sql-helpers.ts";
import { contactFullName, containsPattern } from "../../db/text-search.ts";
import { isUuid } from "../../db/uuid.ts";
import { stopSequencesOfAddress } from "../../domain/stop-contact-sequence.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

/** Contacts the picker shows at once. */
export const MEETING_CONTACTS_LIMIT = 20;

type MeetingRow = { id: string; prospect_email: string; status: string };

async function ownMeeting(db: Executor, userId: string, meetingId: string, lock = false): Promise<MeetingRow> {
  const [row] = isUuid(meetingId)
    ? await queryRows<MeetingRow>(
        db,
        sql`select id, prospect_email, status from scheduled_meetings
            where id = ${meetingId}::uuid and user_id = ${userId} ${lock ? sql`for update` : sql``}`,
      )
    : [];
  if (!row) throw new AppError("not_found", calendarMessages.meetingNotFound);
  return row;
}

export function createMeetingContactService(deps: FeatureDeps) {
  const { db } = deps;
  const clock = () => deps.now?.() ?? new Date();

  return {
    /** The user's contacts matching `search` (address or name), those with the booker's address first. */
    async contacts(userId: string, meetingId: string, search = ""): Promise<MeetingContact[]> {
      const meeting = await ownMeeting(db, userId, meetingId);
      const term = search.trim();
      const rows = await queryRows<{
        id: string;
        name: string;
        email: string;
        campaign_name: string;
        matches_booker: boolean;
      }>(
        db,
        sql`select c.id, ${contactFullName("c")} as name, c.email, cp.name as campaign_name,
              lower(c.email) = lower(${meeting.prospect_email}) as matches_booker
            from contacts c join campaigns cp on cp.id = c.campaign_id
            where c.user_id = ${userId}
              ${
                term
                  ? sql`and (c.email ilike ${containsPattern(term)} or ${contactFullName("c")} ilike ${containsPattern(term)})`
                  : sql``
              }
            order by matches_booker desc, c.created_at desc, c.id
            limit ${MEETING_CONTACTS_LIMIT}`,
      );
      return rows.map((r) => ({
        id: r.id,
        name: r.name || null,
        email: r.email,
        campaignName: r.campaign_name,
        matchesBooker: r.matches_booker,
      }));
    },

    /** Links the meeting to the contact and stops the steps to that contact's address, in one transaction. */
    async link(userId: string, meetingId: string, contactId: string): Promise<LinkedMeeting> {
      return db.transaction(async (tx) => {
        const meeting = await ownMeeting(tx, userId, meetingId, true);
        if (meeting.status === "cancelled") throw new AppError("conflict", "This meeting was cancelled");
        const [contact] = isUuid(contactId)
          ? await queryRows<{ id: string; name: string; email: string }>(
              tx,
              sql`select id, ${contactFullName("contacts")} as name, email from contacts
                  where id = ${contactId}::uuid and user_id = ${userId}`,
            )
          : [];
        if (!contact) throw new AppError("not_found", calendarMessages.contactNotFound);
        await tx.execute(
          sql`update scheduled_meetings set contact_id = ${contact.id}::uuid where id = ${meeting.id}::uuid`,
        );
        const stoppedSteps = await stopSequencesOfAddress(tx, userId, contact.email, "booked", clock());
        return {
          meetingId: meeting.id,
          linkedContact: { id: contact.id, name: contact.name || null, email: contact.email },
          stoppedSteps,
        };
      });
    },
  };
}
