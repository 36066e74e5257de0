// What a claim hands to delivery: each claimed row with everything rendering
// and recording need (ClaimedSend), and the batch of one user's claimed rows
// with the user's settings and DKIM keys (ClaimedBatch). A module of its own:
// the claim builds these, delivery and the outcome writers read them.
import type { BodyFormat, DelayUnit, SendFormat } from "#shared/db-enums.ts";
import type { StepVariant } from "#shared/sequences/step-variants.ts";
import type { TrackingHostInUse } from "#shared/tracking-hosts/tracking-base-url.ts";
import type { SendingSettings } from "../../domain/sending-settings.ts";
import type { StoredDkimKey } from "../delivery/dkim-key-ring.ts";
import type { SenderAccountRow } from "../outgoing.ts";

export type ClaimedSend = {
  scheduledId: string;
  attempts: number;
  /** The step's A/B variant this row sends (0 = A), kept on the queue row across retries. */
  variantIndex: number;
  userId: string;
  campaignId: string;
  campaignName: string;
  contact: {
    id: string;
    email: string;
    firstName: string | null;
    lastName: string | null;
    company: string | null;
    customFields: Record<string, string>;
    /** The contact's own time zone; null: the user's. Its follow-ups are timed in it. */
    timezone: string | null;
  };
  /**
   * One object per step in a batch, shared by its sends; `version` changes when the step is edited.
   * Its subject and body are variant A; `variants` holds B–E.
   */
  step: {
    id: string;
    stepNumber: number;
    subject: string;
    body: string;
    bodyFormat: BodyFormat;
    variants: StepVariant[];
    version: number;
  };
  /**
   * How it is sent: the step's send_as, else the campaign's; the campaign's
   * track_opens (null: the user's setting, which the batch carries); the
   * step's track_clicks, else the campaign's; the campaign's scheduling link
   * for {{bookingLink}} (null: none chosen).
   */
  delivery: {
    sendAs: SendFormat;
    trackOpens: boolean | null;
    trackClicks: boolean;
    bookingLink: { id: string; code: string } | null;
  };
  /** The step after this one, scheduled when this one is sent. */
  nextStep: {
    id: string;
    delayAmount: number;
    delayUnit: DelayUnit;
    scheduledDate: string | null;
    scheduledTime: string | null;
  } | null;
  /** The id and Message-ID the send record of this attempt gets (written with the outcome). */
  send: { id: string; messageId: string };
  /** This claim's lease expiry: with the row's id, it names the claim in the hand-off journal. */
  leaseExpiresAt: Date;
  /** Step 1's Message-ID and subject as sent, for follow-ups (null for step 1). */
  thread: { messageId: string; subject: string } | null;
  /** The campaign's sender row (From address, daily limit, counters). */
  sender: SenderAccountRow;
  /** The row whose connection delivers: the saved sender it was imported from, or itself. */
  connection: SenderAccountRow;
};

export type ClaimedBatch = {
  userId: string;
  account: { email: string; name: string };
  settings: SendingSettings;
  sends: ClaimedSend[];
  /** The user's own DKIM keys (still encrypted): the renderer signs each message From their domains with them. */
  dkimKeys: StoredDkimKey[];
  /** The user's tracking hosts in use now: a message From one of their domains links to its host (trackingBaseUrl). */
  trackingHosts: TrackingHostInUse[];
};
