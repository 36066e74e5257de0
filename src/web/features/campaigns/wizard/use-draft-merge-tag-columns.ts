// The names that fill a merge tag in a wizard draft (mergeTagColumns): the
// custom fields its contacts will be stored with and the user's fallback tags,
// as the launch will check them. The sequence step's editor and the review
// step both use it, so neither accepts a tag the other flags.
import { useMemo } from "react";
import { mergeTagColumns } from "#shared/sequences/merge-tags.ts";
import { useSettingsQuery } from "../../settings/use-settings.ts";
import { draftColumns } from "./to-create-input.ts";
import type { WizardDraft } from "./wizard-draft.ts";

export function useDraftMergeTagColumns(draft: Pick<WizardDraft, "emailColumn" | "selectedColumns" | "contacts">) {
  const settings = useSettingsQuery();
  const fallbacks = settings.data?.fallbackMergeTags;
  const { contacts, emailColumn, selectedColumns } = draft;
  return useMemo(
    () => mergeTagColumns(draftColumns({ contacts, emailColumn, selectedColumns }), fallbacks),
    [contacts, emailColumn, selectedColumns, fallbacks],
  );
}
