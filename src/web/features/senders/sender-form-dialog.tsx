// Add / Edit sender dialog (docs/product.md §17.1).
// Validation runs on the shared schema before anything is sent; the server's
// 400 field messages and 409 duplicate message land on the same fields.
import { Controller, useForm } from "react-hook-form";
import type { SenderProvider } from "#shared/db-enums.ts";
import { providerLabels, type Sender } from "#shared/senders/senders.schemas.ts";
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
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { ConnectionTestOutcome } from "./connection-status.tsx";
import { SenderConnectionFields } from "./sender-connection-fields.tsx";
import {
  applyProviderPreset,
  emptySenderForm,
  formFieldFor,
  formProviders,
  formToInput,
  type SenderFormField,
  type SenderFormValues,
  type StoredPassword,
  senderFormResolverFor,
  senderToForm,
  storedImapPasswordOf,
  storedPasswordOf,
  validateForConnectionTest,
} from "./sender-form-values.ts";
import { useDefaultPacing } from "./use-sender-pacing.ts";
import { useCreateSender, useTestConnection, useUpdateSender } from "./use-senders.ts";

type Props = {
  /** The sender to edit; none to add one. */
  sender?: Sender;
  onClose: () => void;
};

/** Rendered only while open, so every opening starts from fresh values. */
export function SenderFormDialog({ sender, onClose }: Props) {
  const editing = Boolean(sender);
  const stored: StoredPassword = storedPasswordOf(sender);
  const storedImap = storedImapPasswordOf(sender);
  const create = useCreateSender();
  const defaultPacing = useDefaultPacing();
  const update = useUpdateSender();
  const connectionTest = useTestConnection();
  const form = useForm<SenderFormValues>({
    resolver: senderFormResolverFor(stored, storedImap),
    defaultValues: sender ? senderToForm(sender) : emptySenderForm(),
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const errors = form.formState.errors;
  const saving = form.formState.isSubmitting;

  function showFieldErrors(fields: Record<string, string>) {
    for (const [path, message] of Object.entries(fields)) {
      form.setError(formFieldFor(path) ?? "email", { message });
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    const input = formToInput(values);
    try {
      if (sender) {
        await update.mutateAsync({ id: sender.id, input });
        toast.success("Sender account updated successfully");
      } else {
        await create.mutateAsync(input);
        await defaultPacing(input.email);
        toast.success("Sender account added successfully");
      }
      onClose();
    } catch (err) {
      console.warn("sender save failed", err);
      if (err instanceof ApiError && err.status === 409) {
        form.setError("email", { message: err.message });
        toast.error("Account Already Exists", { description: err.message });
        return;
      }
      if (err instanceof ApiError) showFieldErrors(err.fieldErrors);
      toast.error(editing ? "Failed to update sender account" : "Failed to add sender account", {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  });

  function onProviderChange(next: SenderProvider) {
    const values = applyProviderPreset(form.getValues(), next);
    for (const key of Object.keys(values) as SenderFormField[]) {
      if (values[key] !== form.getValues(key)) form.setValue(key, values[key], { shouldDirty: true });
    }
    form.clearErrors(["smtpHost", "smtpPort", "smtpSecurity", "imapHost", "imapPort"]);
  }

  function onTestConnection() {
    const values = form.getValues();
    const checked = validateForConnectionTest(values, stored);
    if (checked.errors) {
      for (const [field, error] of Object.entries(checked.errors)) {
        form.setError(field as SenderFormField, { message: error?.message as string });
      }
      return;
    }
    connectionTest.mutate(
      { senderId: sender?.id, smtp: checked.smtp },
      // The server's field messages (a password needed again) land on their fields too.
      { onError: (err) => err instanceof ApiError && showFieldErrors(err.fieldErrors) },
    );
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Edit Sender Account" : "Add Sender Account"}</DialogTitle>
          <DialogDescription>
            {editing
              ? "Change the address, limit or connection of this sender."
              : "A mailbox your campaigns send from. Passwords are stored encrypted."}
          </DialogDescription>
        </DialogHeader>

        <form id="sender-form" onSubmit={onSubmit} noValidate className="space-y-5">
          <FormField id="sender-email" label="Email" error={errors.email?.message}>
            <Input
              id="sender-email"
              type="email"
              autoComplete="off"
              placeholder="you@company.com"
              aria-invalid={Boolean(errors.email)}
              aria-describedby={errors.email ? "sender-email-error" : undefined}
              {...form.register("email")}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="sender-provider" label="Provider" error={errors.provider?.message}>
              <Controller
                control={form.control}
                name="provider"
                render={({ field }) => (
                  <Select
                    value={field.value}
                    onValueChange={(value) => {
                      field.onChange(value);
                      onProviderChange(value as SenderProvider);
                    }}
                  >
                    <SelectTrigger id="sender-provider" className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {formProviders.map((p) => (
                        <SelectItem key={p} value={p}>
                          {providerLabels[p]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            </FormField>
            <FormField
              id="sender-dailyLimit"
              label="Daily Limit"
              hint="Recommended: 50-100 per account per day"
              error={errors.dailyLimit?.message}
            >
              <Input
                id="sender-dailyLimit"
                type="number"
                inputMode="numeric"
                min={1}
                max={500}
                aria-invalid={Boolean(errors.dailyLimit)}
                aria-describedby={errors.dailyLimit ? "sender-dailyLimit-error" : "sender-dailyLimit-hint"}
                {...form.register("dailyLimit")}
              />
            </FormField>
          </div>

          <SenderConnectionFields form={form} stored={stored} storedImap={storedImap} />

          <div className="space-y-2">
            <Button type="button" variant="outline" onClick={onTestConnection} disabled={connectionTest.isPending}>
              Test connection
            </Button>
            <ConnectionTestOutcome
              result={connectionTest.data}
              pending={connectionTest.isPending}
              error={connectionTest.error}
            />
          </div>
        </form>

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="sender-form" disabled={saving}>
            {saving ? "Saving..." : editing ? "Save Changes" : "Add Sender"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
