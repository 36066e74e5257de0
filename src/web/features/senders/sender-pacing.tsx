// A sender's pacing: the one-line summary on its card or campaign row, and the
// dialog that sets it. Pacing belongs to the mailbox address, so the dialog
// says that it applies in every campaign sending from it.
import { Gauge } from "lucide-react";
import { useId, useState } from "react";
import { formToPacing, type PacingFormValues, pacingSummary, pacingToForm } from "#shared/senders/pacing-form.ts";
import type { SenderPacing } from "#shared/senders/sender-pacing.schemas.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { usePacingOf, useRemovePacing, useSavePacing } from "./use-sender-pacing.ts";

/** "2–5 min between sends · …" with a Pacing button that opens the dialog. */
export function SenderPacingLine({ email }: { email: string }) {
  const { pacing, loading } = usePacingOf(email);
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      <span className="text-muted-foreground">{loading ? "Loading pacing…" : pacingSummary(pacing)}</span>
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        onClick={() => setOpen(true)}
        aria-label={`Pacing of ${email}`}
        disabled={loading}
      >
        <Gauge aria-hidden /> Pacing
      </Button>
      {open && <SenderPacingDialog email={email} pacing={pacing} onClose={() => setOpen(false)} />}
    </div>
  );
}

type Errors = Partial<Record<keyof PacingFormValues, string>>;

export function SenderPacingDialog({
  email,
  pacing,
  onClose,
}: {
  email: string;
  pacing: SenderPacing | undefined;
  onClose: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState<PacingFormValues>(() => pacingToForm(pacing));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePacing();
  const remove = useRemovePacing();
  const set = (field: keyof PacingFormValues) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const out = formToPacing(values);
    if (!out.ok) {
      setErrors(out.errors);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ email, input: out.input });
      toast.success("Pacing saved");
      onClose();
    } catch (err) {
      toast.error("Failed to save pacing", { description: err instanceof ApiError ? err.message : undefined });
    }
  }

  async function turnOff() {
    try {
      await remove.mutateAsync(email);
      toast.success("Pacing turned off");
      onClose();
    } catch (err) {
      toast.error("Failed to turn pacing off", { description: err instanceof ApiError ? err.message : undefined });
    }
  }

  const field = (name: keyof PacingFormValues, label: string, hint?: string) => (
    <FormField id={`${id}-${name}`} label={label} hint={hint} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        inputMode="decimal"
        value={values[name] as string}
        onChange={set(name)}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `${id}-${name}-error` : hint ? `${id}-${name}-hint` : undefined}
      />
    </FormField>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <form onSubmit={submit} noValidate className="space-y-4">
          <DialogHeader>
            <DialogTitle>Pacing of {email}</DialogTitle>
            <DialogDescription>
              Spreads this mailbox's sends out like a person's. It applies in every campaign that sends from it, on top
              of its daily limit. Nothing held back is dropped: it waits.
            </DialogDescription>
          </DialogHeader>
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 font-medium text-sm">Wait between sends (minutes)</legend>
            {field("gapMinMinutes", "Shortest wait")}
            {field("gapMaxMinutes", "Longest wait", "Each wait is picked at random in between.")}
          </fieldset>
          {field("hourlyLimit", "Hourly limit", "Most sends in any hour. Leave empty for none.")}
          <div className="space-y-3 rounded-md border p-3">
            <div className="flex items-center gap-3">
              <Switch
                id={`${id}-ramp`}
                checked={values.ramp}
                onCheckedChange={(ramp) => setValues((v) => ({ ...v, ramp }))}
              />
              <Label htmlFor={`${id}-ramp`}>Ramp up a new mailbox</Label>
            </div>
            {values.ramp && (
              <div className="grid gap-4 sm:grid-cols-2">
                {field("rampStart", "Emails on the first day")}
                {field("rampStep", "More each day", "Until the sender's daily limit is reached.")}
              </div>
            )}
            {pacing?.ramp && (
              <p className="text-muted-foreground text-xs">
                Ramp started {pacing.ramp.startedOn}; today up to {pacing.ramp.today}.
              </p>
            )}
          </div>
          <DialogFooter className="gap-2">
            {pacing && (
              <Button type="button" variant="ghost" onClick={turnOff} disabled={remove.isPending}>
                Turn pacing off
              </Button>
            )}
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save pacing"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
