// One email of the sequence: 'Email N', its timing (not for the first email),
// subject, body with format switch and merge-tag menu, spintax errors at their
// position, unknown merge tags with a 'did you mean' (both block the launch),
// how it is sent (as the campaign, or HTML / plain text for this step), its A/B
// variants, and a quick preview for the chosen contact with a Shuffle for other
// spintax picks.
import { CircleAlert, Shuffle, Trash2 } from "lucide-react";
import { useCallback, useId, useMemo, useRef, useState } from "react";
import type { BodyFormat, SendFormat } from "#shared/db-enums.ts";
import { stepBodySizeProblem } from "#shared/sequences/body-size.ts";
import { type MergeContext, replaceMergeTag, unknownTagsOfTexts } from "#shared/sequences/merge-tags.ts";
import type { SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import { stepTexts, textSpintaxErrors, textsOf } from "#shared/sequences/step-texts.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { MergeTagMenu } from "./merge-tag-menu.tsx";
import { insertAtCursor } from "./plain-text-editor.tsx";
import { RenderedEmail } from "./rendered-email.tsx";
import type { BodyEditorHandle } from "./rich-text-editor.tsx";
import { SpintaxProblems } from "./spintax-problems.tsx";
import { BodyFormatSwitch, convertBody, StepBodyField } from "./step-body-field.tsx";
import { hasSpintaxChoice, renderStepPreview } from "./step-rendering.ts";
import { StepSchedule } from "./step-schedule.tsx";
import { StepVariantsField } from "./step-variants-field.tsx";
import { UnknownMergeTags } from "./unknown-merge-tags.tsx";

type Props = {
  step: SequenceDraftStep;
  index: number;
  canRemove: boolean;
  onChange: (step: SequenceDraftStep) => void;
  onRemove: () => void;
  /** Tags offered by the insert menu. */
  mergeTags: string[];
  /** Columns that can fill a tag (for the unknown-tag warning). */
  columns: string[];
  previewContext: MergeContext;
  previewName: string | null;
  /** What the preview's spintax picks are made for (previewContactKey). */
  previewKey: string;
};

const spintaxErrors = (text: string, format: "text" | "html") => textSpintaxErrors({ text, format });

export function StepCard(props: Props) {
  const { step, index, onChange, previewContext } = props;
  const id = useId();
  const title = `Email ${index + 1}`;
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<BodyEditorHandle>(null);
  // Where "Insert merge tag" writes: the field the user was last in (the body by default).
  const lastField = useRef<"subject" | "body">("body");

  const update = useCallback((patch: Partial<SequenceDraftStep>) => onChange({ ...step, ...patch }), [onChange, step]);
  // Every text of the step, its variants' too (step-texts.ts), checked as the review and the launch check them.
  const texts = useMemo(() => stepTexts(step, index), [step, index]);
  const unknownTags = useMemo(() => unknownTagsOfTexts(textsOf(texts, 0), props.columns), [texts, props.columns]);
  const subjectErrors = useMemo(() => spintaxErrors(step.subject, "text"), [step.subject]);
  const bodyErrors = useMemo(() => spintaxErrors(step.body, step.bodyFormat), [step.body, step.bodyFormat]);
  const [shuffle, setShuffle] = useState(0);
  const preview = useMemo(
    () => renderStepPreview(step, previewContext, { contactKey: props.previewKey, stepNumber: index + 1, shuffle }),
    [step, previewContext, props.previewKey, index, shuffle],
  );
  const canShuffle = useMemo(() => hasSpintaxChoice(step), [step]);
  // The API refuses the same (body-size.ts); said here, at the step, before Launch or Save.
  const tooLarge = useMemo(() => stepBodySizeProblem(step.body, index + 1), [step.body, index]);

  const insertTag = (token: string) => {
    if (lastField.current === "subject" && subjectRef.current) {
      insertAtCursor(subjectRef.current, step.subject, token, (subject) => update({ subject }));
    } else {
      bodyRef.current?.insertText(token);
    }
  };

  const changeFormat = (bodyFormat: BodyFormat) =>
    update({
      bodyFormat,
      body: convertBody(step.body, step.bodyFormat, bodyFormat),
      // Variants' own bodies follow the step's format.
      ...(step.variants
        ? {
            variants: step.variants.map((v) =>
              v.body === null ? v : { ...v, body: convertBody(v.body, step.bodyFormat, bodyFormat) },
            ),
          }
        : {}),
    });

  return (
    <Card role="group" aria-label={title} className="gap-4">
      <CardHeader className="flex flex-row items-center justify-between gap-2">
        <CardTitle>
          <h3 className="flex items-center gap-2">
            <span className="flex size-7 items-center justify-center rounded-full bg-primary/10 font-semibold text-primary text-sm">
              {index + 1}
            </span>
            {title}
          </h3>
        </CardTitle>
        {props.canRemove && (
          <Button variant="ghost" size="sm" onClick={props.onRemove} aria-label={`Remove ${title}`}>
            <Trash2 aria-hidden /> Remove
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        {index > 0 && <StepSchedule step={step} onChange={update} />}
        <div className="space-y-2">
          <Label htmlFor={`${id}-subject`}>Subject</Label>
          <Input
            ref={subjectRef}
            id={`${id}-subject`}
            value={step.subject}
            placeholder={index === 0 ? "e.g., Quick question, {{firstName}}" : "e.g., Following up"}
            onFocus={() => {
              lastField.current = "subject";
            }}
            onChange={(e) => update({ subject: e.target.value })}
            aria-invalid={subjectErrors.length > 0 || undefined}
            aria-describedby={subjectErrors.length > 0 ? `${id}-subject-spintax` : undefined}
          />
          <SpintaxProblems
            id={`${id}-subject-spintax`}
            field="Subject"
            source={step.subject}
            format="text"
            errors={subjectErrors}
          />
        </div>
        <div className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Label htmlFor={`${id}-body`}>Body</Label>
            <div className="flex flex-wrap items-center gap-2">
              <BodyFormatSwitch format={step.bodyFormat} onFormatChange={changeFormat} label={`${title} body format`} />
              <MergeTagMenu tags={props.mergeTags} onInsert={insertTag} />
            </div>
          </div>
          <StepBodyField
            id={`${id}-body`}
            label={`${title} body`}
            body={step.body}
            format={step.bodyFormat}
            onChange={update}
            editorRef={bodyRef}
            // Focus in the body makes it the merge-tag target.
            onFocus={() => {
              lastField.current = "body";
            }}
          />
          <SpintaxProblems
            id={`${id}-body-spintax`}
            field="Body"
            source={step.body}
            format={step.bodyFormat}
            errors={bodyErrors}
          />
          <UnknownMergeTags
            tags={unknownTags}
            onReplace={(name, suggestion) =>
              update({
                subject: replaceMergeTag(step.subject, name, suggestion),
                body: replaceMergeTag(step.body, name, suggestion),
              })
            }
          />
          {tooLarge && (
            <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
              <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{tooLarge}</span>
            </p>
          )}
        </div>
        <StepVariantsField
          title={title}
          stepNumber={index + 1}
          variants={step.variants ?? []}
          texts={texts}
          columns={props.columns}
          bodyFormat={step.bodyFormat}
          onChange={(variants) => update({ variants })}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Label htmlFor={`${id}-send-as`}>Send as</Label>
          <Select
            value={step.sendAs ?? "campaign"}
            onValueChange={(v) => update({ sendAs: v === "campaign" ? null : (v as SendFormat) })}
          >
            <SelectTrigger id={`${id}-send-as`} size="sm" className="w-56" aria-label={`${title} send as`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="campaign">As the campaign</SelectItem>
              <SelectItem value="html">HTML and plain text</SelectItem>
              <SelectItem value="plain_text">Plain text only</SelectItem>
            </SelectContent>
          </Select>
          <Label htmlFor={`${id}-track-clicks`}>Track clicks</Label>
          <Select
            value={step.trackClicks === true ? "on" : step.trackClicks === false ? "off" : "campaign"}
            onValueChange={(v) => update({ trackClicks: v === "campaign" ? null : v === "on" })}
          >
            <SelectTrigger id={`${id}-track-clicks`} size="sm" className="w-56" aria-label={`${title} track clicks`}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="campaign">As the campaign</SelectItem>
              <SelectItem value="on">On for this step</SelectItem>
              <SelectItem value="off">Off for this step</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <section aria-label={`${title} preview`} className="rounded-md border border-dashed bg-muted/30 p-3">
          <div className="mb-2 flex items-center justify-between gap-2">
            <p className="font-medium text-muted-foreground text-xs">
              Preview{props.previewName ? ` for ${props.previewName}` : " (no contacts yet)"}
            </p>
            {canShuffle && (
              <Button
                variant="ghost"
                size="sm"
                className="h-7"
                onClick={() => setShuffle((n) => n + 1)}
                title="Show another choice of the spintax"
              >
                <Shuffle aria-hidden /> Shuffle
              </Button>
            )}
          </div>
          <RenderedEmail email={preview} />
        </section>
      </CardContent>
    </Card>
  );
}
