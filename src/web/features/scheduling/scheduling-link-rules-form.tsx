// A link's booking rules and organizer, changed after it was created (issue
// 27): links made before these settings existed got the defaults and the
// owner's first sender account, and an owner may want others. The same
// fields, limits and messages as the create form (createLinkSchema's parts);
// the server checks the notice against the stored horizon and the address
// against the owner's own addresses again, and its field messages are shown
// under the fields.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import {
  BOOKING_HORIZON_MAX_DAYS,
  MINIMUM_NOTICE_MAX_HOURS,
  noticeTooLongMessage,
  type SchedulingLinkDto,
  type UpdateLink,
  updateLinkSchema,
} from "#shared/scheduling/scheduling.schemas.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useOrganizerOptions, useUpdateSchedulingLink } from "./use-scheduling-links.ts";

type Values = Required<Omit<UpdateLink, "isActive">>;
const fields = ["bookingHorizonDays", "minimumNoticeHours", "organizerName", "organizerEmail"] as const;

/** The rules' schema, with the create form's cross-check of notice and horizon. */
const rulesSchema = updateLinkSchema
  .required({ bookingHorizonDays: true, minimumNoticeHours: true, organizerName: true, organizerEmail: true })
  .refine((v) => v.minimumNoticeHours < v.bookingHorizonDays * 24, {
    path: ["minimumNoticeHours"],
    message: noticeTooLongMessage,
  });

export function SchedulingLinkRulesForm({ link, onDone }: { link: SchedulingLinkDto; onDone: () => void }) {
  const update = useUpdateSchedulingLink();
  const organizer = useOrganizerOptions();
  const form = useForm<Values, unknown, Values>({
    resolver: zodResolver(rulesSchema),
    defaultValues: {
      bookingHorizonDays: link.bookingHorizonDays,
      minimumNoticeHours: link.minimumNoticeHours,
      organizerName: link.organizerName,
      organizerEmail: link.organizerEmail,
    },
  });
  const errors = form.formState.errors;
  const id = (name: string) => `link-${link.id}-${name}`;
  const describedBy = (name: (typeof fields)[number]) => (errors[name] ? `${id(name)}-error` : `${id(name)}-hint`);
  // The link's current address stays offered even if it is no longer among the owner's (a sender removed since).
  const addresses = [...new Set([link.organizerEmail, ...(organizer.data?.addresses ?? [])])];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({ id: link.id, changes: values });
      toast.success("Scheduling link updated");
      onDone();
    } catch (err) {
      console.warn("scheduling link update failed", err);
      if (err instanceof ApiError) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = fields.find((f) => f === path);
          if (field) form.setError(field, { message });
        }
      }
      toast.error("Failed to update scheduling link", { description: err instanceof Error ? err.message : undefined });
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={`Booking rules: ${link.title}`}
      className="space-y-3 border-t pt-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField
          id={id("bookingHorizonDays")}
          label="Booking horizon (days)"
          hint={`1 to ${BOOKING_HORIZON_MAX_DAYS}.`}
          error={errors.bookingHorizonDays?.message}
        >
          <Input
            id={id("bookingHorizonDays")}
            type="number"
            inputMode="numeric"
            min={1}
            max={BOOKING_HORIZON_MAX_DAYS}
            className="w-32"
            aria-invalid={Boolean(errors.bookingHorizonDays)}
            aria-describedby={describedBy("bookingHorizonDays")}
            {...form.register("bookingHorizonDays", { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id={id("minimumNoticeHours")}
          label="Minimum notice (hours)"
          hint={`0 to ${MINIMUM_NOTICE_MAX_HOURS}.`}
          error={errors.minimumNoticeHours?.message}
        >
          <Input
            id={id("minimumNoticeHours")}
            type="number"
            inputMode="numeric"
            min={0}
            max={MINIMUM_NOTICE_MAX_HOURS}
            className="w-32"
            aria-invalid={Boolean(errors.minimumNoticeHours)}
            aria-describedby={describedBy("minimumNoticeHours")}
            {...form.register("minimumNoticeHours", { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id={id("organizerName")}
          label="Organizer name"
          hint="The name the invite and the confirmation come from."
          error={errors.organizerName?.message}
        >
          <Input
            id={id("organizerName")}
            aria-invalid={Boolean(errors.organizerName)}
            aria-describedby={describedBy("organizerName")}
            {...form.register("organizerName")}
          />
        </FormField>
        <FormField
          id={id("organizerEmail")}
          label="Organizer email"
          hint="One of your sender accounts, or your sign-in address."
          error={errors.organizerEmail?.message}
        >
          <select
            id={id("organizerEmail")}
            className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 dark:bg-input/30"
            aria-invalid={Boolean(errors.organizerEmail)}
            aria-describedby={describedBy("organizerEmail")}
            {...form.register("organizerEmail")}
          >
            {addresses.map((address) => (
              <option key={address} value={address}>
                {address}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={form.formState.isSubmitting}>
          {form.formState.isSubmitting ? "Saving..." : "Save"}
        </Button>
      </div>
    </form>
  );
}
