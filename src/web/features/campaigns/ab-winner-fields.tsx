// The automatic A/B winner's switch and settings (docs/product.md §10.3):
// 'Pick the winner automatically', 'Minimum sends per variant' and 'Confidence
// (%)', each refused as the API refuses it. The Edit Campaign page's A/B
// Variants tab and the wizard's sequence step show the same fields.
import type { ReactNode } from "react";
import { type AbSettingsForm, parseAbSettingsForm } from "#shared/sequences/ab-winner.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";

/** What the automatic winner does, said above its fields. */
const AUTO_WINNER_RULE =
  "When every variant of a step has at least the minimum sends and the best reply rate differs significantly from each other variant's (a two-proportion test at the confidence below), that variant wins: the contacts not yet sent the step get it.";

/** The first refusal of each number, by field. */
export function abSettingsErrors(form: AbSettingsForm): Partial<Record<"minSends" | "confidence", string>> {
  const check = parseAbSettingsForm(form);
  const errorOf = (field: "minSends" | "confidence") => check.error?.issues.find((i) => i.path[0] === field)?.message;
  return { minSends: errorOf("minSends"), confidence: errorOf("confidence") };
}

/** The 'Automatic winner' card: the rule, the fields, and what the page adds under them (Edit's Save). */
export function AutoWinnerCard(props: {
  /** Makes the ids unique on the page: "ab" → ab-auto-winner, ab-min-sends, ab-confidence. */
  idPrefix: string;
  value: AbSettingsForm;
  onChange: (value: AbSettingsForm) => void;
  children?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Automatic winner</h2>
        </CardTitle>
        <p className="text-muted-foreground text-sm">{AUTO_WINNER_RULE}</p>
      </CardHeader>
      <CardContent className="space-y-4">
        <AbWinnerFields idPrefix={props.idPrefix} value={props.value} onChange={props.onChange} />
        {props.children}
      </CardContent>
    </Card>
  );
}

function AbWinnerFields(props: { idPrefix: string; value: AbSettingsForm; onChange: (value: AbSettingsForm) => void }) {
  const { idPrefix, value, onChange } = props;
  const errors = abSettingsErrors(value);
  return (
    <>
      <div className="flex items-center gap-2">
        <Switch
          id={`${idPrefix}-auto-winner`}
          checked={value.autoWinner}
          onCheckedChange={(autoWinner) => onChange({ ...value, autoWinner })}
        />
        <Label htmlFor={`${idPrefix}-auto-winner`}>Pick the winner automatically</Label>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${idPrefix}-min-sends`} label="Minimum sends per variant" error={errors.minSends}>
          <Input
            id={`${idPrefix}-min-sends`}
            type="number"
            inputMode="numeric"
            min={1}
            value={value.minSends}
            aria-invalid={Boolean(errors.minSends)}
            aria-describedby={`${idPrefix}-min-sends-error`}
            onChange={(e) => onChange({ ...value, minSends: e.target.value })}
          />
        </FormField>
        <FormField id={`${idPrefix}-confidence`} label="Confidence (%)" error={errors.confidence}>
          <Input
            id={`${idPrefix}-confidence`}
            type="number"
            inputMode="numeric"
            min={80}
            max={99}
            value={value.confidence}
            aria-invalid={Boolean(errors.confidence)}
            aria-describedby={`${idPrefix}-confidence-error`}
            onChange={(e) => onChange({ ...value, confidence: e.target.value })}
          />
        </FormField>
      </div>
    </>
  );
}
