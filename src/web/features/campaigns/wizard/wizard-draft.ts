// The Create Campaign wizard's state. It is kept in the browser (IndexedDB) so
// a reload does not lose a half-built campaign, and becomes one
// CreateCampaignInput when the user launches.
import type { SendFormat } from "#shared/db-enums.ts";
import { type AbSettingsForm, abSettingsForm, defaultAbSettings } from "#shared/sequences/ab-winner.ts";
import { emptyDraftStep, type SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import type { WizardSender } from "../../senders/wizard-senders.ts";

// A campaign's sender as the wizard holds it: the senders feature owns the type (its forms build them).
export type { WizardSender };

/** One imported row: the email column plus every other column, keyed by normalised header. */
export type ImportedContact = Record<string, string>;

/** A sequence step as the editor holds it (shared with the edit page and templates). */
export type WizardSequenceStep = SequenceDraftStep;

export type WizardDraft = {
  name: string;
  description: string;
  senderAccounts: WizardSender[];
  /** Rows from the uploaded file, after per-row removals. */
  contacts: ImportedContact[];
  /** Normalised headers of the uploaded file, in file order. */
  importedFields: string[];
  fileName: string | null;
  /** The header holding each contact's email (default "email"). */
  emailColumn: string;
  /** Lower-cased emails the user marked "remove" in Detect Emails. */
  removedDuplicates: string[];
  /** Columns carried into the campaign; email always. */
  selectedColumns: string[];
  sequence: WizardSequenceStep[];
  /** The campaign's 'Track opens': null follows the user's setting. Absent in drafts saved before the option. */
  trackOpens?: boolean | null;
  /** The campaign's 'Track clicks' (off unless turned on). Absent in drafts saved before the option: off. */
  trackClicks?: boolean;
  /** How the steps are sent unless a step says otherwise. */
  sendAs?: SendFormat;
  /** The scheduling link {{bookingLink}} points at; null: none. Absent: never chosen (drafts from before the option too). */
  bookingLinkId?: string | null;
  /** At most this many contacts get step 1 a day; null or absent: no cap. */
  dailyNewContactsLimit?: number | null;
  /** A reply stops the campaign's other contacts at the same company domain. */
  stopOnCompanyReply?: boolean;
  /** The automatic A/B winner's settings as typed; absent (drafts from before them, or untouched): the defaults. */
  abSettings?: AbSettingsForm;
  /**
   * The idempotency key of this draft's Launch, made with the draft: Launch
   * sent twice with it (a double click, a retry, a reload mid-request) stores
   * one campaign, and a reopened wizard asks the server whether it did.
   */
  launchKey: string;
  /**
   * When Launch was sent and no answer has come yet (ISO 8601); null
   * otherwise. Stored before the request goes, so a reload or a lost answer
   * finds it and asks the server what became of the launch.
   */
  launchSentAt: string | null;
};

/** The draft's A/B winner settings, the defaults when it has none. */
export function draftAbSettings(draft: Pick<WizardDraft, "abSettings">): AbSettingsForm {
  return draft.abSettings ?? abSettingsForm(defaultAbSettings);
}

export function newStep(): WizardSequenceStep {
  return emptyDraftStep(crypto.randomUUID());
}

export function emptyDraft(): WizardDraft {
  return {
    name: "",
    description: "",
    senderAccounts: [],
    contacts: [],
    importedFields: [],
    fileName: null,
    emailColumn: "email",
    removedDuplicates: [],
    selectedColumns: ["email"],
    sequence: [newStep()],
    trackOpens: null,
    trackClicks: false,
    sendAs: "html",
    launchKey: crypto.randomUUID(),
    launchSentAt: null,
  };
}

export type DraftUpdate = Partial<WizardDraft> | ((draft: WizardDraft) => Partial<WizardDraft>);

/** What every wizard step receives. */
export type StepProps = {
  draft: WizardDraft;
  update: (patch: DraftUpdate) => void;
  /** Moves to the next step (Detect Emails' proceed button uses it). */
  goNext: () => void;
};
