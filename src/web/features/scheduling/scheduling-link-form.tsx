// The Scheduling Links manager's create form (docs/product.md §8.3): title,
// description, duration (minimum 15, step 15), time window, days and the
// link's timezone, validated with the same schema the server applies; and
// (issue 27) how far ahead and how soon visitors may book, and the organizer
// the invite and the confirmation come from (the owner's first sender
// account unless another of their addresses is chosen).
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus } from "lucide-react";
import { useEffect, useId, useMemo } from "react";
import { Controller, useForm } from "react-hook-form";
import { weekdays } from "#shared/db-enums.ts";
import {
  BOOKING_HORIZON_MAX_DAYS,
  type CreateLink,
  type CreateLinkInput,
  createLinkSchema,
  DEFAULT_BOOKING_HORIZON_DAYS,
  DEFAULT_LINK_DAYS,
  DEFAULT_LINK_DURATION,
  DEFAULT_LINK_END,
  DEFAULT_LINK_START,
  DEFAULT_LINK_TIMEZONE,
  DEFAULT_MINIMUM_NOTICE_HOURS,
  LINK_DURATION_STEP,
  MINIMUM_NOTICE_MAX_HOURS,
  type OrganizerOptions,
  schedulingMessages,
} from "#shared/scheduling/scheduling.schemas.ts";
import { listTimeZones } from "#shared/settings/timezone.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { SearchableSelect } from "#web/components/ui/searchable-select.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { timeZoneChoices } from "#web/lib/time-zone-choices.ts";
import { toast } from "#web/lib/toast.ts";
import { dayLabel, timeZoneLabel } from "./schedule-format.ts";
import { useCreateSchedulingLink, useOrganizerOptions } from "./use-scheduling-links.ts";

type FormValues = CreateLinkInput;

const defaults = (organizer?: OrganizerOptions): Required<FormValues> => ({
  title: "",
  description: "",
  durationMinutes: DEFAULT_LINK_DURATION,
  availableDays: [...DEFAULT_LINK_DAYS],
  availableTimeStart: DEFAULT_LINK_START,
  availableTimeEnd: DEFAULT_LINK_END,
  timezone: DEFAULT_LINK_TIMEZONE,
  bookingHorizonDays: DEFAULT_BOOKING_HORIZON_DAYS,
  minimumNoticeHours: DEFAULT_MINIMUM_NOTICE_HOURS,
  organizerName: organizer?.name ?? "",
  organizerEmail: organizer?.email ?? "",
});

const selectClass =
  "h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30";

const fieldNames = new Set<string>(Object.keys(defaults()));

export function SchedulingLinkForm() {
  const create = useCreateSchedulingLink();
  const organizer = useOrganizerOptions();
  const zones = useMemo(() => timeZoneChoices(listTimeZones(), (zone) => timeZoneLabel(zone)), []);
  const headingId = useId();
  const form = useForm<FormValues, unknown, CreateLink>({
    resolver: zodResolver(createLinkSchema),
    defaultValues: defaults(),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;

  // The organizer's defaults arrive after the form is drawn: fill them in unless already typed.
  useEffect(() => {
    if (!organizer.data) return;
    if (!form.getValues("organizerName")) form.setValue("organizerName", organizer.data.name);
    if (!form.getValues("organizerEmail")) form.setValue("organizerEmail", organizer.data.email);
  }, [organizer.data, form]);

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await create.mutateAsync(input);
      toast.success(schedulingMessages.linkCreated);
      form.reset(defaults(organizer.data));
    } catch (err) {
      console.warn("scheduling link create failed", err);
      if (err instanceof ApiError) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = path.split(".")[0]!;
          if (fieldNames.has(field)) form.setError(field as keyof FormValues, { message });
        }
      }
      toast.error(schedulingMessages.linkCreateFailed, {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  });

  const describedBy = (name: keyof FormValues, hint = false) =>
    errors[name] ? `link-${name}-error` : hint ? `link-${name}-hint` : undefined;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <h3 id={headingId} className="font-semibold">
        Create New Link
      </h3>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <FormField id="link-title" label="Title" error={errors.title?.message}>
          <Input
            id="link-title"
            placeholder="30-minute intro call"
            aria-invalid={Boolean(errors.title)}
            aria-describedby={describedBy("title")}
            {...form.register("title")}
          />
        </FormField>
        <FormField id="link-description" label="Description" error={errors.description?.message}>
          <Textarea
            id="link-description"
            rows={2}
            placeholder="What the meeting is about"
            aria-invalid={Boolean(errors.description)}
            aria-describedby={describedBy("description")}
            {...form.register("description")}
          />
        </FormField>
        <FormField
          id="link-durationMinutes"
          label="Duration (minutes)"
          hint="At least 15, in steps of 15."
          error={errors.durationMinutes?.message}
        >
          <Input
            id="link-durationMinutes"
            type="number"
            inputMode="numeric"
            min={LINK_DURATION_STEP}
            step={LINK_DURATION_STEP}
            className="w-32"
            aria-invalid={Boolean(errors.durationMinutes)}
            aria-describedby={describedBy("durationMinutes", true)}
            {...form.register("durationMinutes", { valueAsNumber: true })}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id="link-availableTimeStart" label="Start time" error={errors.availableTimeStart?.message}>
            <Input
              id="link-availableTimeStart"
              type="time"
              aria-invalid={Boolean(errors.availableTimeStart)}
              aria-describedby={describedBy("availableTimeStart")}
              {...form.register("availableTimeStart")}
            />
          </FormField>
          <FormField id="link-availableTimeEnd" label="End time" error={errors.availableTimeEnd?.message}>
            <Input
              id="link-availableTimeEnd"
              type="time"
              aria-invalid={Boolean(errors.availableTimeEnd)}
              aria-describedby={describedBy("availableTimeEnd")}
              {...form.register("availableTimeEnd")}
            />
          </FormField>
        </div>
        <fieldset className="space-y-2" aria-describedby={describedBy("availableDays")}>
          <legend className="mb-2 font-medium text-sm">Available days</legend>
          <Controller
            control={form.control}
            name="availableDays"
            render={({ field }) => (
              <div className="flex flex-wrap gap-x-4 gap-y-2">
                {weekdays.map((day) => {
                  const id = `link-day-${day}`;
                  return (
                    <div key={day} className="flex items-center gap-2">
                      <Checkbox
                        id={id}
                        checked={field.value.includes(day)}
                        aria-invalid={Boolean(errors.availableDays)}
                        onCheckedChange={(on) =>
                          field.onChange(
                            on
                              ? weekdays.filter((d) => d === day || field.value.includes(d))
                              : field.value.filter((d) => d !== day),
                          )
                        }
                        onBlur={field.onBlur}
                      />
                      <Label htmlFor={id} className="font-normal">
                        {dayLabel(day)}
                      </Label>
                    </div>
                  );
                })}
              </div>
            )}
          />
          <FieldError id="link-availableDays-error" message={errors.availableDays?.message} />
        </fieldset>
        <FormField
          id="link-timezone"
          label="Timezone"
          hint="Visitors see the times in this timezone, and their own time beside them."
          error={errors.timezone?.message}
        >
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <SearchableSelect
                id="link-timezone"
                label="Timezone"
                value={field.value}
                options={zones}
                onChange={field.onChange}
                invalid={Boolean(errors.timezone)}
                describedBy={describedBy("timezone", true)}
              />
            )}
          />
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="link-bookingHorizonDays"
            label="Booking horizon (days)"
            hint={`Visitors can book up to this many days ahead (1 to ${BOOKING_HORIZON_MAX_DAYS}).`}
            error={errors.bookingHorizonDays?.message}
          >
            <Input
              id="link-bookingHorizonDays"
              type="number"
              inputMode="numeric"
              min={1}
              max={BOOKING_HORIZON_MAX_DAYS}
              step={1}
              className="w-32"
              aria-invalid={Boolean(errors.bookingHorizonDays)}
              aria-describedby={describedBy("bookingHorizonDays", true)}
              {...form.register("bookingHorizonDays", { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            id="link-minimumNoticeHours"
            label="Minimum notice (hours)"
            hint={`How soon before a meeting visitors can still book it (0 to ${MINIMUM_NOTICE_MAX_HOURS}).`}
            error={errors.minimumNoticeHours?.message}
          >
            <Input
              id="link-minimumNoticeHours"
              type="number"
              inputMode="numeric"
              min={0}
              max={MINIMUM_NOTICE_MAX_HOURS}
              step={1}
              className="w-32"
              aria-invalid={Boolean(errors.minimumNoticeHours)}
              aria-describedby={describedBy("minimumNoticeHours", true)}
              {...form.register("minimumNoticeHours", { valueAsNumber: true })}
            />
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="link-organizerName"
            label="Organizer name"
            hint="The name the invite and the confirmation come from."
            error={errors.organizerName?.message}
          >
            <Input
              id="link-organizerName"
              aria-invalid={Boolean(errors.organizerName)}
              aria-describedby={describedBy("organizerName", true)}
              {...form.register("organizerName")}
            />
          </FormField>
          <FormField
            id="link-organizerEmail"
            label="Organizer email"
            hint="Replies and calendar answers go here: one of your sender accounts, or your sign-in address."
            error={errors.organizerEmail?.message}
          >
            <select
              id="link-organizerEmail"
              className={selectClass}
              aria-invalid={Boolean(errors.organizerEmail)}
              aria-describedby={describedBy("organizerEmail", true)}
              {...form.register("organizerEmail")}
            >
              {(organizer.data?.addresses ?? []).map((address) => (
                <option key={address} value={address}>
                  {address}
                </option>
              ))}
            </select>
          </FormField>
        </div>
        <Button type="submit" disabled={saving}>
          <Plus aria-hidden /> {saving ? "Creating..." : "Create Link"}
        </Button>
      </form>
    </section>
  );
}
