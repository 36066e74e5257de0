// What the claimed rows need for rendering and recording: the campaign (and
// how it sends: plain text or not, opens and clicks tracked or not), the
// contact's fields (and time zone, for its follow-ups), the campaign's scheduling link (for {{bookingLink}}), the step and the step after it, step 1's Message-ID and
// subject for follow-ups, and the sender rows (the campaign's and, for a
// sender imported from a saved one, the saved one whose connection delivers).
import { inArray, sql } from "drizzle-orm";
import type { BodyFormat, DelayUnit, SendFormat } from "#shared/db-enums.ts";
import type { StepVariant } from "#shared/sequences/step-variants.ts";
import { senderAccounts } from "../../db/schema/index.ts";
import { anyUuid, queryRows, type Tx } from "../../db/sql-helpers.ts";
import { type SenderWithConnection, withConnections } from "../sender-connection.ts";
import type { ClaimedSend } from "./claimed-send.ts";

type DetailRow = {
  scheduled_id: string;
  attempts: number;
  variant_index: number | null;
  campaign_id: string;
  campaign_name: string;
  sender_account_id: string;
  contact_id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  company: string | null;
  custom_fields: Record<string, string> | null;
  timezone: string | null;
  step_id: string;
  send_as: SendFormat;
  track_opens: boolean | null;
  track_clicks: boolean;
  booking_link_id: string | null;
  booking_link_code: string | null;
  next_id: string | null;
  next_delay_amount: number | null;
  next_delay_unit: DelayUnit | null;
  next_scheduled_date: string | null;
  next_scheduled_time: string | null;
  thread_message_id: string | null;
  thread_subject: string | null;
};

export async function loadClaimedSends(
  tx: Tx,
  o: {
    userId: string;
    /** The contacts of the rows, also given as keys: joined by contact_id alone, a planner
     * without statistics (PGlite never analyzes) read the user's whole contacts table into a
     * hash for each batch, a good part of a claim for a user with many contacts (bench/RESULTS.md). */
    contactIds: readonly string[];
    /** The send record (id, Message-ID) each row's outcome will be written under. */
    sendOf: ReadonlyMap<string, { id: string; messageId: string }>;
    leaseExpiresAt: Date;
  },
): Promise<ClaimedSend[]> {
  const details = await queryRows<DetailRow>(
    tx,
    sql`
    select se.id as scheduled_id, se.attempts, se.variant_index, se.campaign_id, c.name as campaign_name, se.sender_account_id,
      ct.id as contact_id, ct.email, ct.first_name, ct.last_name, ct.company, ct.custom_fields, ct.timezone,
      q.id as step_id,
      coalesce(q.send_as, c.send_as) as send_as, c.track_opens,
      coalesce(q.track_clicks, c.track_clicks) as track_clicks,
      bl.id as booking_link_id, bl.link_code as booking_link_code,
      nq.id as next_id, nq.delay_amount as next_delay_amount, nq.delay_unit as next_delay_unit,
      nq.scheduled_date::text as next_scheduled_date, nq.scheduled_time as next_scheduled_time,
      t.message_id as thread_message_id, t.subject as thread_subject
    from scheduled_emails se
    join campaigns c on c.id = se.campaign_id
    left join scheduling_links bl on bl.id = c.booking_link_id
    join contacts ct on ct.id = se.contact_id and ct.id = ${anyUuid(o.contactIds)}
    join email_sequences q on q.id = se.sequence_id
    left join email_sequences nq on nq.campaign_id = se.campaign_id and nq.step_number = q.step_number + 1
    left join lateral (
      select first.message_id, first.subject from email_sends first
      join email_sequences q1 on q1.id = first.sequence_id and q1.step_number = 1
      where first.contact_id = se.contact_id and q.step_number > 1
      limit 1
    ) t on true
    where se.id = ${anyUuid([...o.sendOf.keys()])}
    order by se.scheduled_for, se.id`,
  );
  const byId = await loadSenders(tx, [...new Set(details.map((d) => d.sender_account_id))]);
  const steps = await loadSteps(tx, [...new Set(details.map((d) => d.step_id))]);
  return details.map((d) => ({
    ...toClaimedSend(d, o.userId, o.sendOf.get(d.scheduled_id)!, byId, steps),
    leaseExpiresAt: o.leaseExpiresAt,
  }));
}

/**
 * The batch's steps, each read once and shared by its sends: a step's body
 * (with its inline images, up to a few MB) joined into every row was read,
 * parsed and kept once per contact (issue 26: gigabytes for one batch of a large
 * step; docs/decisions/017-launch-wakes-the-worker-fencing-liveness.md).
 */
async function loadSteps(tx: Tx, ids: string[]): Promise<Map<string, ClaimedSend["step"]>> {
  const rows = await queryRows<{
    id: string;
    step_number: number;
    subject: string;
    body: string;
    body_format: BodyFormat;
    variants: StepVariant[] | null;
    updated_at: Date | string;
  }>(
    tx,
    sql`select id, step_number, subject, body, body_format, variants, updated_at from email_sequences where id = ${anyUuid(ids)}`,
  );
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        stepNumber: r.step_number,
        subject: r.subject,
        body: r.body,
        bodyFormat: r.body_format,
        variants: r.variants ?? [],
        version: new Date(r.updated_at).getTime(),
      },
    ]),
  );
}

/** The senders by id, each with its connection (the saved sender it was imported from, or itself). */
async function loadSenders(tx: Tx, ids: string[]): Promise<Map<string, SenderWithConnection>> {
  const senderRows = await tx.select().from(senderAccounts).where(inArray(senderAccounts.id, ids));
  return new Map((await withConnections(tx, senderRows)).map((s) => [s.sender.id, s]));
}

function toClaimedSend(
  d: DetailRow,
  userId: string,
  send: { id: string; messageId: string },
  senders: ReadonlyMap<string, SenderWithConnection>,
  steps: ReadonlyMap<string, ClaimedSend["step"]>,
): Omit<ClaimedSend, "leaseExpiresAt"> {
  const { sender, connection } = senders.get(d.sender_account_id)!;
  return {
    scheduledId: d.scheduled_id,
    attempts: d.attempts,
    variantIndex: d.variant_index ?? 0,
    userId,
    campaignId: d.campaign_id,
    campaignName: d.campaign_name,
    contact: {
      id: d.contact_id,
      email: d.email,
      firstName: d.first_name,
      lastName: d.last_name,
      company: d.company,
      customFields: d.custom_fields ?? {},
      timezone: d.timezone,
    },
    step: steps.get(d.step_id)!,
    delivery: {
      sendAs: d.send_as,
      trackOpens: d.track_opens,
      trackClicks: d.track_clicks,
      bookingLink:
        d.booking_link_id && d.booking_link_code ? { id: d.booking_link_id, code: d.booking_link_code } : null,
    },
    nextStep: d.next_id
      ? {
          id: d.next_id,
          delayAmount: d.next_delay_amount ?? 0,
          delayUnit: d.next_delay_unit ?? "days",
          scheduledDate: d.next_scheduled_date,
          scheduledTime: d.next_scheduled_time,
        }
      : null,
    send,
    thread: d.thread_message_id ? { messageId: d.thread_message_id, subject: d.thread_subject ?? "" } : null,
    sender,
    connection,
  };
}
