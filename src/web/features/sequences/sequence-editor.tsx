// The email sequence editor (wizard step 5, and the edit page's Email Sequence
// tab): steps with subject, body, timing and previews, Preview Mode for the
// whole sequence, and the template library. It knows nothing of the wizard:
// it edits a list of steps and reads a few contacts for the previews.
import { LayoutTemplate, Plus } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import { insertableMergeTags, type MergeContact, mergeContextFromContact } from "#shared/sequences/merge-tags.ts";
import { MAX_SEQUENCE_STEPS } from "#shared/sequences/sequence.schemas.ts";
import {
  emptyDraftStep,
  followUpDraftStep,
  isValidDraftStep,
  type SequenceDraftStep,
} from "#shared/sequences/sequence-draft.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ErrorBoundary, SomethingWentWrong } from "./error-boundary.tsx";
import { CorruptedStepNotice, FullSequencePreview } from "./full-sequence-preview.tsx";
import { EmailColumnPicker, PreviewContactPicker } from "./sequence-pickers.tsx";
import { SequenceSummary } from "./sequence-summary.tsx";
import { StepCard } from "./step-card.tsx";
import { previewContactKey, previewContactLabel } from "./step-rendering.ts";
import { TemplateLibrary } from "./template-library.tsx";

/** The preview contact picker offers the first 10 contacts (docs/product.md §9.6). */
export const PREVIEW_CONTACTS = 10;

export type SequenceEditorProps = {
  steps: SequenceDraftStep[];
  onChange: (steps: SequenceDraftStep[]) => void;
  /** Contacts for the previews (only the first 10 are offered). */
  contacts: readonly MergeContact[];
  /** Imported columns that reach the campaign: offered as merge tags. */
  columns: readonly string[];
  /**
   * The names that fill a tag besides the built-ins (mergeTagColumns: the
   * contacts' custom fields and the fallback tags), as the launch checks them:
   * a tag none fills is flagged. Left out: `columns`.
   */
  knownColumns?: readonly string[];
  /** With onEmailColumnChange: the 'Email to' picker. */
  emailColumn?: string;
  emailColumnOptions?: readonly string[];
  onEmailColumnChange?: (column: string) => void;
  /** Stored with a template saved from here. */
  campaignName?: string;
};

const noContact = new Map<string, string>();

function SequenceEditorBody(props: SequenceEditorProps) {
  const { steps, onChange } = props;
  const switchId = useId();
  const [previewMode, setPreviewMode] = useState(false);
  const [showTemplates, setShowTemplates] = useState(false);
  const [contactIndex, setContactIndex] = useState(0);

  // Several edits can land before the parent re-renders (an editor emitting
  // twice, a tag inserted while typing): each builds on the newest list.
  const latest = useRef(steps);
  latest.current = steps;
  const commit = useCallback(
    (next: SequenceDraftStep[]) => {
      latest.current = next;
      onChange(next);
    },
    [onChange],
  );
  const replaceStep = useCallback(
    (id: string, step: SequenceDraftStep) => commit(latest.current.map((s) => (s.id === id ? step : s))),
    [commit],
  );

  const previewContacts = props.contacts.slice(0, PREVIEW_CONTACTS);
  const chosen = previewContacts[Math.min(contactIndex, previewContacts.length - 1)];
  const context = useMemo(() => (chosen ? mergeContextFromContact(chosen) : noContact), [chosen]);
  const emailColumn = props.emailColumn ?? "email";
  const mergeTags = useMemo(() => insertableMergeTags(props.columns, emailColumn), [props.columns, emailColumn]);
  const known = props.knownColumns ?? props.columns;
  const columns = useMemo(() => [...known], [known]);
  const atLimit = steps.length >= MAX_SEQUENCE_STEPS;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h2 className="font-semibold text-xl">Email Sequence</h2>
          <p className="text-muted-foreground text-sm">
            Write the emails each contact receives. Use merge tags to personalise them.
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div className="flex items-center gap-2">
            <Switch id={switchId} checked={previewMode} onCheckedChange={setPreviewMode} />
            <Label htmlFor={switchId}>Preview Mode</Label>
          </div>
          <Button
            variant={showTemplates ? "secondary" : "outline"}
            aria-pressed={showTemplates}
            onClick={() => setShowTemplates((v) => !v)}
          >
            <LayoutTemplate aria-hidden /> Templates
          </Button>
          <Button
            onClick={() => commit([...latest.current, followUpDraftStep(crypto.randomUUID())])}
            disabled={atLimit}
            title={atLimit ? `A sequence has at most ${MAX_SEQUENCE_STEPS} steps` : undefined}
          >
            <Plus aria-hidden /> Add Email Step
          </Button>
        </div>
      </div>

      <div className="flex flex-wrap items-end gap-4 rounded-lg border p-4">
        {props.onEmailColumnChange && (
          <EmailColumnPicker
            value={emailColumn}
            options={[...(props.emailColumnOptions ?? [emailColumn])]}
            onChange={props.onEmailColumnChange}
          />
        )}
        <PreviewContactPicker
          labels={previewContacts.map(previewContactLabel)}
          value={Math.min(contactIndex, Math.max(previewContacts.length - 1, 0))}
          onChange={setContactIndex}
        />
        {previewContacts.length === 0 && (
          <p className="pb-2 text-muted-foreground text-sm">
            Upload contacts to preview with their data; until then merge tags show as [tagName].
          </p>
        )}
      </div>

      {showTemplates && <TemplateLibrary steps={steps} onLoad={commit} campaignName={props.campaignName} />}

      {previewMode ? (
        <FullSequencePreview steps={steps} context={context} previewKey={previewContactKey(chosen)} />
      ) : (
        <ol aria-label="Email steps" className="space-y-4">
          {steps.map((step, index) => {
            const valid = isValidDraftStep(step);
            const key = valid ? step.id : `broken-${index}`;
            const remove = () => commit(latest.current.filter((_, i) => i !== index));
            return (
              <li key={key}>
                {valid ? (
                  <ErrorBoundary
                    name={`email step ${index + 1}`}
                    fallback={(error, reset) => <SomethingWentWrong error={error} onRetry={reset} />}
                  >
                    <StepCard
                      step={step}
                      index={index}
                      canRemove={steps.length > 1}
                      onChange={(next) => replaceStep(step.id, next)}
                      onRemove={remove}
                      mergeTags={mergeTags}
                      columns={columns}
                      previewContext={context}
                      previewName={chosen ? previewContactLabel(chosen) : null}
                      previewKey={previewContactKey(chosen)}
                    />
                  </ErrorBoundary>
                ) : (
                  <div className="space-y-2">
                    <CorruptedStepNotice number={index + 1} />
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() =>
                        commit(
                          latest.current.map((s, i) =>
                            i !== index ? s : (i === 0 ? emptyDraftStep : followUpDraftStep)(crypto.randomUUID()),
                          ),
                        )
                      }
                    >
                      Replace with an empty step
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ol>
      )}

      <SequenceSummary stepCount={steps.length} />
    </div>
  );
}

export function SequenceEditor(props: SequenceEditorProps) {
  return (
    <ErrorBoundary
      name="sequence editor"
      fallback={(error, reset) => <SomethingWentWrong error={error} onRetry={reset} />}
    >
      <SequenceEditorBody {...props} />
    </ErrorBoundary>
  );
}
