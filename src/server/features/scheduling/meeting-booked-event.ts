// The meeting.booked webhook event of a booking (booking.service.ts emits it
// in the booking's transaction). The contact's own address when a personal
// link proved who booked, else the address typed into the form.
import type { WebhookEventData } from "#shared/webhooks/webhook-events.schemas.ts";
import type { scheduledMeetings } from "../../db/schema/index.ts";
import type { EmittedEvent } from "../../webhooks/emit-events.ts";

export function meetingBookedEvent(
  meeting: typeof scheduledMeetings.$inferSelect,
  contactEmail: string | null,
): EmittedEvent {
  const data: WebhookEventData<"meeting.booked"> = {
    meetingId: meeting.id,
    linkId: meeting.linkId,
    contactId: meeting.contactId,
    email: (contactEmail ?? meeting.prospectEmail).toLowerCase(),
    name: meeting.prospectName,
    startsAt: meeting.scheduledDate.toISOString(),
    endsAt: meeting.endsAt.toISOString(),
    timezone: meeting.timezone,
    bookedAt: meeting.createdAt.toISOString(),
  };
  return { userId: meeting.userId, type: "meeting.booked", data, occurredAt: meeting.createdAt };
}
