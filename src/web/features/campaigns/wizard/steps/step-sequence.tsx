// Wizard step 5: the sequence editor over the draft. Previews read the
// uploaded rows the way launch will store them (toCreateInput): the email from
// the 'Email to' column, and only the columns selected in Detect Emails.
import { useCallback, useMemo } from "react";
import type { SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import { PREVIEW_CONTACTS, SequenceEditor } from "../../../sequences/sequence-editor.tsx";
import { AutoWinnerCard } from "../../ab-winner-fields.tsx";
import { draftContacts } from "../to-create-input.ts";
import { useDraftMergeTagColumns } from "../use-draft-merge-tag-columns.ts";
import { draftAbSettings, type StepProps } from "../wizard-draft.ts";

export function SequenceStep({ draft, update }: StepProps) {
  const { contacts, emailColumn, selectedColumns, importedFields } = draft;
  const previewContacts = useMemo(
    () => draftContacts({ emailColumn, selectedColumns }, contacts.slice(0, PREVIEW_CONTACTS)),
    [contacts, emailColumn, selectedColumns],
  );
  const knownColumns = useDraftMergeTagColumns(draft);
  const onChange = useCallback((sequence: SequenceDraftStep[]) => update({ sequence }), [update]);
  const onEmailColumnChange = useCallback((column: string) => update({ emailColumn: column }), [update]);

  const hasVariants = draft.sequence.some((s) => (s.variants?.length ?? 0) > 0);
  return (
    <div className="space-y-6">
      <SequenceEditor
        steps={draft.sequence}
        onChange={onChange}
        contacts={previewContacts}
        columns={selectedColumns}
        knownColumns={knownColumns}
        emailColumn={emailColumn}
        emailColumnOptions={importedFields.length > 0 ? importedFields : [emailColumn]}
        onEmailColumnChange={onEmailColumnChange}
        campaignName={draft.name}
      />
      {hasVariants && (
        <AutoWinnerCard
          idPrefix="wizard-ab"
          value={draftAbSettings(draft)}
          onChange={(abSettings) => update({ abSettings })}
        />
      )}
    </div>
  );
}
