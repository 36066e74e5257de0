// A step's A/B variants (docs/product.md §9.6): variant A is the step's own
// subject and body above; 'Add variant' adds B, C, … up to E, each with its
// own subject and, when 'Own body' is ticked, its own body (else it sends the
// step's). Contacts are split evenly between them at launch.
import { Plus, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import type { BodyFormat } from "#shared/db-enums.ts";
import { stepBodySizeProblem } from "#shared/sequences/body-size.ts";
import { replaceMergeTag, unknownTagsOfTexts } from "#shared/sequences/merge-tags.ts";
import { type StepText, textSpintaxErrors, textsOf } from "#shared/sequences/step-texts.ts";
import {
  MAX_STEP_VARIANTS,
  type StepVariant,
  TOO_MANY_VARIANTS,
  variantLetter,
} from "#shared/sequences/step-variants.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import type { BodyEditorHandle } from "./rich-text-editor.tsx";
import { SpintaxProblems } from "./spintax-problems.tsx";
import { StepBodyField } from "./step-body-field.tsx";
import { UnknownMergeTags } from "./unknown-merge-tags.tsx";

type Props = {
  /** "Email 2": names the controls. */
  title: string;
  stepNumber: number;
  variants: StepVariant[];
  /** The step's texts (stepTexts): each variant's spintax errors and unknown tags are shown under it. */
  texts: readonly StepText[];
  /** Columns that can fill a tag (for the unknown-tag warning). */
  columns: readonly string[];
  bodyFormat: BodyFormat;
  onChange: (variants: StepVariant[]) => void;
};

function VariantEditor(props: {
  title: string;
  stepNumber: number;
  letter: string;
  variant: StepVariant;
  /** This variant's texts (textsOf). */
  texts: readonly StepText[];
  columns: readonly string[];
  bodyFormat: BodyFormat;
  onChange: (variant: StepVariant) => void;
  onRemove: () => void;
}) {
  const { variant, letter, title } = props;
  const subjectErrors = textSpintaxErrors({ text: variant.subject, format: "text" });
  const bodyErrors = variant.body ? textSpintaxErrors({ text: variant.body, format: props.bodyFormat }) : [];
  const unknownTags = unknownTagsOfTexts(props.texts, props.columns);
  const id = useId();
  const editorRef = useRef<BodyEditorHandle>(null);
  const name = `Variant ${letter}`;
  const ownBody = variant.body !== null;
  const tooLarge = variant.body ? stepBodySizeProblem(variant.body, props.stepNumber) : null;
  return (
    <fieldset aria-label={`${title} variant ${letter}`} className="space-y-3 rounded-md border p-3">
      <div className="flex items-center justify-between gap-2">
        <legend className="font-medium text-sm">{name}</legend>
        <Button variant="ghost" size="sm" onClick={props.onRemove} aria-label={`Remove variant ${letter} of ${title}`}>
          <Trash2 aria-hidden /> Remove variant
        </Button>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-subject`}>{name} subject</Label>
        <Input
          id={`${id}-subject`}
          value={variant.subject}
          aria-label={`${title} variant ${letter} subject`}
          aria-invalid={!variant.subject.trim() || subjectErrors.length > 0}
          aria-describedby={subjectErrors.length > 0 ? `${id}-subject-spintax` : undefined}
          onChange={(e) => props.onChange({ ...variant, subject: e.target.value })}
        />
        {!variant.subject.trim() && <p className="text-muted-foreground text-xs">{name} needs a subject.</p>}
        <SpintaxProblems
          id={`${id}-subject-spintax`}
          field={`${name} subject`}
          source={variant.subject}
          format="text"
          errors={subjectErrors}
        />
      </div>
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-own-body`}
          checked={ownBody}
          onCheckedChange={(checked) => props.onChange({ ...variant, body: checked === true ? "" : null })}
        />
        <Label htmlFor={`${id}-own-body`}>{name} has its own body</Label>
      </div>
      {ownBody ? (
        <div className="space-y-2">
          <Label htmlFor={`${id}-body`}>{name} body</Label>
          <StepBodyField
            id={`${id}-body`}
            label={`${title} variant ${letter} body`}
            body={variant.body ?? ""}
            format={props.bodyFormat}
            onChange={({ body }) => props.onChange({ ...variant, body })}
            editorRef={editorRef}
          />
          <SpintaxProblems
            id={`${id}-body-spintax`}
            field={`${name} body`}
            source={variant.body ?? ""}
            format={props.bodyFormat}
            errors={bodyErrors}
          />
        </div>
      ) : (
        <p className="text-muted-foreground text-sm">Subject only: sends the step's body.</p>
      )}
      <UnknownMergeTags
        label={name}
        tags={unknownTags}
        onReplace={(tag, suggestion) =>
          props.onChange({
            subject: replaceMergeTag(variant.subject, tag, suggestion),
            body: variant.body === null ? null : replaceMergeTag(variant.body, tag, suggestion),
          })
        }
      />
      {tooLarge && (
        <p role="alert" className="text-destructive text-sm">
          {tooLarge}
        </p>
      )}
    </fieldset>
  );
}

export function StepVariantsField({ title, stepNumber, variants, texts, columns, bodyFormat, onChange }: Props) {
  const full = variants.length + 1 >= MAX_STEP_VARIANTS;
  return (
    <section aria-label={`${title} A/B variants`} className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h4 className="font-medium text-sm">A/B variants</h4>
          <p className="text-muted-foreground text-xs">
            {variants.length === 0
              ? "Test another subject (and body) on part of the contacts."
              : `Variant A is the subject and body above. Contacts are split evenly between the ${variants.length + 1} variants.`}
          </p>
        </div>
        <Button
          variant="outline"
          size="sm"
          disabled={full}
          aria-label={`Add variant to ${title}`}
          onClick={() => onChange([...variants, { subject: "", body: null }])}
        >
          <Plus aria-hidden /> Add variant
        </Button>
      </div>
      {full && <p className="text-muted-foreground text-xs">{TOO_MANY_VARIANTS}.</p>}
      {variants.map((variant, i) => (
        <VariantEditor
          // Variants have no ids; their letter is their place, and removing one re-letters the rest.
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the variant's identity (its letter)
          key={i}
          title={title}
          stepNumber={stepNumber}
          letter={variantLetter(i + 1)}
          variant={variant}
          texts={textsOf(texts, i + 1)}
          columns={columns}
          bodyFormat={bodyFormat}
          onChange={(next) => onChange(variants.map((v, j) => (j === i ? next : v)))}
          onRemove={() => onChange(variants.filter((_, j) => j !== i))}
        />
      ))}
    </section>
  );
}
