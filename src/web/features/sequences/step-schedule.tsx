// When a follow-up goes out: a delay after the previous email, or a fixed
// date and time (09:00 unless changed). Dates before today are not offered.
import { format } from "date-fns";
import { useId } from "react";
import { delayUnits } from "#shared/db-enums.ts";
import { DEFAULT_SCHEDULED_TIME, type SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";

const unitLabels: Record<SequenceDraftStep["delayUnit"], string> = {
  days: "Days",
  hours: "Hours",
  minutes: "Minutes",
};

type Props = { step: SequenceDraftStep; onChange: (patch: Partial<SequenceDraftStep>) => void };

export function StepSchedule({ step, onChange }: Props) {
  const id = useId();
  const today = format(new Date(), "yyyy-MM-dd");
  const onDate = step.scheduledDate !== null;
  const pastDate = onDate && step.scheduledDate! < today;

  return (
    <fieldset className="space-y-3 rounded-md border bg-muted/30 p-3">
      <legend className="px-1 font-medium text-sm">When to send</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            className="size-4 accent-primary"
            checked={!onDate}
            onChange={() => onChange({ scheduledDate: null, scheduledTime: null })}
          />
          After a delay
        </label>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name={`${id}-mode`}
            className="size-4 accent-primary"
            checked={onDate}
            onChange={() =>
              onChange({ scheduledDate: today, scheduledTime: step.scheduledTime ?? DEFAULT_SCHEDULED_TIME })
            }
          />
          On a specific date
        </label>
      </div>
      {onDate ? (
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-date`}>Send on</Label>
            <Input
              id={`${id}-date`}
              type="date"
              min={today}
              required
              value={step.scheduledDate ?? ""}
              aria-invalid={pastDate}
              aria-describedby={pastDate ? `${id}-date-error` : undefined}
              // Clearing the field keeps the last date: "on a date" needs one.
              onChange={(e) => e.target.value && onChange({ scheduledDate: e.target.value })}
              className="w-44"
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-time`}>Time</Label>
            <Input
              id={`${id}-time`}
              type="time"
              value={step.scheduledTime ?? DEFAULT_SCHEDULED_TIME}
              onChange={(e) => onChange({ scheduledTime: e.target.value || DEFAULT_SCHEDULED_TIME })}
              className="w-32"
            />
          </div>
          <FieldError id={`${id}-date-error`} message={pastDate ? "Choose today or a later date" : undefined} />
        </div>
      ) : (
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor={`${id}-delay`}>Send after</Label>
            <Input
              id={`${id}-delay`}
              type="number"
              inputMode="numeric"
              min={0}
              step={1}
              value={Number.isFinite(step.delay) ? step.delay : 0}
              onChange={(e) => {
                const n = Math.max(0, Math.floor(Number(e.target.value)));
                onChange({ delay: Number.isFinite(n) ? n : 0 });
              }}
              className="w-24"
            />
          </div>
          <Select
            value={step.delayUnit}
            onValueChange={(unit) => onChange({ delayUnit: unit as SequenceDraftStep["delayUnit"] })}
          >
            <SelectTrigger aria-label="Delay unit" className="w-32">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {delayUnits.map((unit) => (
                <SelectItem key={unit} value={unit}>
                  {unitLabels[unit]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p className="pb-2 text-muted-foreground text-sm">after the previous email</p>
        </div>
      )}
    </fieldset>
  );
}
