// The edit screen's working copy of a campaign, and its conversion to the
// Save Changes request.
import type { CampaignDetail, UpdateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import type { SendFormat } from "#shared/db-enums.ts";
import { type SequenceDraftStep, toSequenceInput } from "#shared/sequences/sequence-draft.ts";
import type { WizardSender } from "../wizard/wizard-draft.ts";

export type EditState = {
  name: string;
  description: string;
  sequence: SequenceDraftStep[];
  /** Existing senders keep their server id as localId (see `serverIds`). */
  senders: WizardSender[];
  trackOpens: boolean | null;
  trackClicks: boolean;
  sendAs: SendFormat;
  bookingLinkId: string | null;
  dailyNewContactsLimit: number | null;
  stopOnCompanyReply: boolean;
};

export function toEditState(detail: CampaignDetail): EditState {
  return {
    name: detail.campaign.name,
    description: detail.campaign.description ?? "",
    // Stored steps keep their ids, so Save updates them in place by position.
    sequence: detail.sequence.map((s) => ({
      id: s.id,
      subject: s.subject,
      body: s.body,
      bodyFormat: s.bodyFormat,
      delay: s.delayAmount,
      delayUnit: s.delayUnit,
      scheduledDate: s.scheduledDate,
      scheduledTime: s.scheduledTime,
      sendAs: s.sendAs ?? null,
      trackClicks: s.trackClicks ?? null,
      ...(s.variants?.length ? { variants: s.variants } : {}),
    })),
    senders: detail.senders.map((s) => ({
      localId: s.id,
      email: s.email,
      provider: s.provider,
      dailyLimit: s.dailyLimit,
      savedSenderId: s.savedSenderId,
    })),
    trackOpens: detail.campaign.trackOpens,
    trackClicks: detail.campaign.trackClicks,
    sendAs: detail.campaign.sendAs,
    bookingLinkId: detail.campaign.bookingLinkId,
    dailyNewContactsLimit: detail.campaign.dailyNewContactsLimit,
    stopOnCompanyReply: detail.campaign.stopOnCompanyReply,
  };
}

export function toUpdateInput(state: EditState, detail: CampaignDetail): UpdateCampaignInput {
  const serverIds = new Set(detail.senders.map((s) => s.id));
  return {
    name: state.name.trim(),
    description: state.description.trim() || null,
    sequence: toSequenceInput(state.sequence),
    trackOpens: state.trackOpens,
    trackClicks: state.trackClicks,
    sendAs: state.sendAs,
    bookingLinkId: state.bookingLinkId,
    dailyNewContactsLimit: state.dailyNewContactsLimit,
    stopOnCompanyReply: state.stopOnCompanyReply,
    senderAccounts: state.senders.map((s) => ({
      ...(serverIds.has(s.localId) ? { id: s.localId } : {}),
      email: s.email,
      provider: s.provider,
      dailyLimit: s.dailyLimit,
      savedSenderId: s.savedSenderId,
    })),
  };
}
