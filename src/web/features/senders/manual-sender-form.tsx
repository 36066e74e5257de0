// The wizard's "Add Manually" form (docs/product.md §9.3): email,
// provider and daily limit; Add stays disabled until email and provider are set.
import { type FormEvent, useId, useRef, useState } from "react";
import type { SenderProvider } from "#shared/db-enums.ts";
import {
  parseDailyLimit,
  providerLabels,
  SENDER_DAILY_LIMIT_DEFAULT,
  senderDailyLimitSchema,
  senderEmailSchema,
} from "#shared/senders/senders.schemas.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { toast } from "#web/lib/toast.ts";
import { formProviders } from "./sender-form-values.ts";
import { useDefaultPacing } from "./use-sender-pacing.ts";
import type { WizardSender } from "./wizard-senders.ts";
import { hasSenderEmail, manualSender } from "./wizard-senders.ts";

export function ManualSenderForm({
  existing,
  onAdd,
  onCancel,
}: {
  existing: readonly WizardSender[];
  onAdd: (sender: WizardSender) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const defaultPacing = useDefaultPacing();
  const emailRef = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState("");
  const [provider, setProvider] = useState<SenderProvider | "">("");
  const [dailyLimit, setDailyLimit] = useState(String(SENDER_DAILY_LIMIT_DEFAULT));
  const [errors, setErrors] = useState<{ email?: string; dailyLimit?: string }>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !provider) return;
    const limit = parseDailyLimit(dailyLimit);
    const emailCheck = senderEmailSchema.safeParse(email);
    const limitCheck = senderDailyLimitSchema.safeParse(limit);
    const next = {
      email: emailCheck.success ? undefined : emailCheck.error.issues[0]?.message,
      dailyLimit: limitCheck.success ? undefined : limitCheck.error.issues[0]?.message,
    };
    setErrors(next);
    if (next.email || next.dailyLimit) return;
    if (hasSenderEmail(existing, email)) {
      toast.error("Duplicate Email", { description: "This email address is already added as a sender account." });
      return;
    }
    onAdd(manualSender({ email, provider, dailyLimit: limit }));
    void defaultPacing(email);
    // Ready for the next one: same provider and limit, new address.
    setEmail("");
    setDailyLimit(String(limit));
    emailRef.current?.focus();
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add sender manually"
      className="space-y-4 rounded-lg border bg-muted/30 p-4"
    >
      <div className="grid gap-4 md:grid-cols-[2fr_1fr_1fr]">
        <FormField id={`${id}-email`} label="Email" error={errors.email}>
          <Input
            ref={emailRef}
            id={`${id}-email`}
            type="email"
            placeholder="you@company.com"
            autoComplete="off"
            value={email}
            aria-invalid={Boolean(errors.email)}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <FormField id={`${id}-provider`} label="Provider">
          <Select value={provider} onValueChange={(v) => setProvider(v as SenderProvider)}>
            <SelectTrigger id={`${id}-provider`} className="w-full">
              <SelectValue placeholder="Select provider" />
            </SelectTrigger>
            <SelectContent>
              {formProviders.map((p) => (
                <SelectItem key={p} value={p}>
                  {providerLabels[p]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
        <FormField id={`${id}-limit`} label="Daily Limit" error={errors.dailyLimit}>
          <Input
            id={`${id}-limit`}
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            value={dailyLimit}
            aria-invalid={Boolean(errors.dailyLimit)}
            onChange={(e) => setDailyLimit(e.target.value)}
          />
        </FormField>
      </div>
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={!email.trim() || !provider}>
          Add
        </Button>
      </div>
    </form>
  );
}
