import type { CreateCampaignInput } from "#shared/campaigns/campaigns.schemas.ts";
import type { ContactInput } from "#shared/contacts/contacts.schemas.ts";
import { toContactInput } from "#shared/contacts/import/to-contact-input.ts";
import { parseAbSettingsForm } from "#shared/sequences/ab-winner.ts";
import { toSequenceInput } from "#shared/sequences/sequence-draft.ts";
import { draftAbSettings, type ImportedContact, type WizardDraft } from "./wizard-draft.ts";

/** Imported rows as they will be stored: the email from the chosen column, only selected extra columns. */
export function draftContacts(
  draft: Pick<WizardDraft, "emailColumn" | "selectedColumns">,
  rows: ImportedContact[],
): ContactInput[] {
  const selected = new Set(draft.selectedColumns);
  return rows.map((row) => {
    const contact = toContactInput(row, draft.emailColumn);
    const customFields = Object.fromEntries(Object.entries(contact.customFields).filter(([k]) => selected.has(k)));
    return { ...contact, customFields };
  });
}

/** Every custom-field key the draft's contacts will be stored with: what the launch reads the tags from. */
export function draftColumns(draft: Pick<WizardDraft, "emailColumn" | "selectedColumns" | "contacts">): string[] {
  return [...new Set(draftContacts(draft, draft.contacts).flatMap((c) => Object.keys(c.customFields)))];
}

/**
 * The draft as the API takes it: duplicates the user removed left out, steps
 * without ids. Names and company always fill their own fields (merge tags need
 * them); of the other columns only those selected in Detect Emails are kept.
 */
export function toCreateInput(draft: WizardDraft): CreateCampaignInput {
  const removed = new Set(draft.removedDuplicates);
  const contacts = draftContacts(
    draft,
    draft.contacts.filter((row) => !removed.has((row[draft.emailColumn] ?? "").trim().toLowerCase())),
  );
  return {
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    emailColumn: draft.emailColumn,
    senderAccounts: draft.senderAccounts.map((s) => ({
      email: s.email,
      provider: s.provider,
      dailyLimit: s.dailyLimit,
      savedSenderId: s.savedSenderId,
    })),
    contacts,
    sequence: toSequenceInput(draft.sequence),
    trackOpens: draft.trackOpens ?? null,
    trackClicks: draft.trackClicks ?? false,
    sendAs: draft.sendAs ?? "html",
    bookingLinkId: draft.bookingLinkId ?? null,
    dailyNewContactsLimit: draft.dailyNewContactsLimit ?? null,
    stopOnCompanyReply: draft.stopOnCompanyReply ?? false,
    // Invalid settings are a review issue, so Launch never sends them; the API would refuse them too.
    abSettings: parseAbSettingsForm(draftAbSettings(draft)).data,
  };
}
