// Settings › Bounce protection: on by default; the hard-bounce rate, minimum
// sends and window; the spam and unsubscribe rules' figures; and the rule in
// words with the figures being typed. Part of the settings form (one Save).
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { thresholdsOf } from "#shared/bounce-protection/bounce-protection.schemas.ts";
import { ruleSentence } from "#shared/bounce-protection/protection-rule.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import type { SettingsFormValues } from "./settings-form-values.ts";

type Form = UseFormReturn<SettingsFormValues>;
type FigureName =
  | "bounceRatePercent"
  | "bounceMinSends"
  | "bounceWindowDays"
  | "spamComplaintsMin"
  | "spamRatePercent"
  | "unsubscribeRatePercent";

function Figure({ form, name, label, hint }: { form: Form; name: FigureName; label: string; hint: string }) {
  const id = `settings-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        step="any"
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        {...form.register(name, { valueAsNumber: true })}
      />
    </FormField>
  );
}

/** The rule with the figures in the form, once they are all numbers. */
function RuleInWords({ form }: { form: Form }) {
  const values = useWatch({ control: form.control });
  const figures = {
    bounceProtectionEnabled: true,
    bounceRatePercent: values.bounceRatePercent,
    bounceMinSends: values.bounceMinSends,
    bounceWindowDays: values.bounceWindowDays,
    spamComplaintsMin: values.spamComplaintsMin,
    spamRatePercent: values.spamRatePercent,
    unsubscribeRatePercent: values.unsubscribeRatePercent,
  };
  const complete = Object.values(figures).every((v) => typeof v === "boolean" || (typeof v === "number" && v > 0));
  if (!values.bounceProtectionEnabled) {
    return <p className="text-muted-foreground text-sm">Off: no sender or campaign is paused automatically.</p>;
  }
  if (!complete) return null;
  return (
    <p className="text-sm" aria-live="polite">
      {ruleSentence(thresholdsOf(figures as Parameters<typeof thresholdsOf>[0]))} Its queued emails wait until you
      resume it; nothing is dropped. With Campaign notifications on, you get an email when it happens.
    </p>
  );
}

export function BounceProtectionFields({ form }: { form: Form }) {
  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div className="space-y-1">
          <Label htmlFor="settings-bounceProtectionEnabled">Bounce protection</Label>
          <p className="text-muted-foreground text-xs">
            Pause a sender or a campaign automatically when too many of its emails bounce, are marked as spam or bring
            unsubscribes.
          </p>
        </div>
        <Controller
          control={form.control}
          name="bounceProtectionEnabled"
          render={({ field }) => (
            <Switch
              id="settings-bounceProtectionEnabled"
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
      </div>
      <fieldset className="space-y-3">
        <legend className="font-medium text-sm">Hard bounces</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <Figure
            form={form}
            name="bounceRatePercent"
            label="Hard-bounce rate (%)"
            hint="Only addresses or domains that do not exist count."
          />
          <Figure form={form} name="bounceMinSends" label="Minimum sends" hint="Checked once this many went out." />
          <Figure
            form={form}
            name="bounceWindowDays"
            label="Window (days)"
            hint="The sends of the last days counted."
          />
        </div>
      </fieldset>
      <fieldset className="space-y-3">
        <legend className="font-medium text-sm">Spam and unsubscribes</legend>
        <div className="grid gap-5 sm:grid-cols-3">
          <Figure
            form={form}
            name="spamComplaintsMin"
            label="Spam complaints"
            hint="Emails reported or refused as spam."
          />
          <Figure form={form} name="spamRatePercent" label="Spam rate (%)" hint="…and at least this share of sends." />
          <Figure
            form={form}
            name="unsubscribeRatePercent"
            label="Unsubscribe rate (%)"
            hint="Of at least the minimum sends."
          />
        </div>
      </fieldset>
      <RuleInWords form={form} />
    </>
  );
}
