// The Connection part of the sender dialog: SMTP for sending, optional IMAP
// for reply sync.
import type { ComponentProps } from "react";
import { Controller, type UseFormReturn, useWatch } from "react-hook-form";
import { smtpSecurityModes } from "#shared/db-enums.ts";
import { defaultSmtpPorts, smtpSecurityLabels } from "#shared/senders/provider-presets.ts";
import type { ImapEndpoint } from "#shared/senders/stored-password.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import {
  imapPasswordNeededAgainFor,
  passwordNeededAgain,
  type SenderFormField,
  type SenderFormValues,
  type StoredPassword,
} from "./sender-form-values.ts";

type Form = UseFormReturn<SenderFormValues>;
/** The fields typed as text (the others are chosen from a list). */
type TextFieldName = Exclude<SenderFormField, "email" | "provider" | "dailyLimit" | "smtpSecurity">;

const usualPorts = new Set(Object.values(defaultSmtpPorts).map(String));

const passwordHints: Record<SenderFormValues["provider"], string> = {
  gmail: "Use an app password (Google Account → Security → 2-Step Verification → App passwords).",
  outlook: "Use your mailbox password, or an app password if your account has two-step verification.",
  custom: "The password of the SMTP account.",
};

/**
 * The passwords' errors depend on these (a stored password fits only the same
 * host and security; an IMAP password of its own means reply sync borrows
 * nothing from SMTP).
 */
const passwordDeps = { deps: ["smtpPassword", "imapPassword"] as ("smtpPassword" | "imapPassword")[] };

function TextField({
  form,
  name,
  label,
  hint,
  revalidatesPassword = false,
  ...input
}: {
  form: Form;
  name: TextFieldName;
  label: string;
  hint?: string;
  /** A change checks the password field again (after a submit), so its error follows. */
  revalidatesPassword?: boolean;
} & Omit<ComponentProps<"input">, "form" | "name">) {
  const id = `sender-${name}`;
  const error = form.formState.errors[name]?.message;
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      <Input
        id={id}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
        {...input}
        {...form.register(name, revalidatesPassword ? passwordDeps : undefined)}
      />
    </FormField>
  );
}

/**
 * A password that may be stored already: kept when left empty (keeps), or
 * required again with the reason (again), else the usual hint.
 */
function PasswordField({
  keeps,
  again,
  hint,
  ...field
}: {
  form: Form;
  name: "smtpPassword" | "imapPassword";
  label: string;
  keeps: boolean;
  again: string | null;
  hint: string;
  revalidatesPassword?: boolean;
}) {
  return (
    <TextField
      {...field}
      type="password"
      autoComplete="new-password"
      placeholder={keeps ? "••••••" : undefined}
      required={again !== null}
      aria-required={again !== null}
      hint={keeps ? "Leave empty to keep the current password" : (again ?? hint)}
    />
  );
}

export function SenderConnectionFields({
  form,
  stored,
  storedImap,
}: {
  form: Form;
  stored: StoredPassword;
  /** Where IMAP's own stored password was saved for (none: IMAP has none). */
  storedImap: ImapEndpoint | null;
}) {
  const values = useWatch({ control: form.control }) as SenderFormValues;
  const { provider, email } = values;
  // The stored password is kept only for the same host with security as strong
  // (and, as reply sync signs in with it, the same IMAP host and port);
  // otherwise the field becomes required and says why.
  const again = passwordNeededAgain({ ...values, smtpPassword: "" }, stored);
  const keepsPassword = stored !== null && again === null;
  const imapAgain = imapPasswordNeededAgainFor({ ...values, imapPassword: "" }, storedImap);
  const keepsImapPassword = storedImap !== null && imapAgain === null && values.imapHost.trim() !== "";
  const securityError = form.formState.errors.smtpSecurity?.message;

  return (
    <>
      <fieldset className="rounded-lg border p-4">
        <legend className="px-1 font-medium text-sm">Connection (SMTP, for sending)</legend>
        <div className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            <TextField
              form={form}
              name="smtpHost"
              label="SMTP host"
              placeholder="smtp.example.com"
              autoComplete="off"
              revalidatesPassword
            />
            <TextField form={form} name="smtpPort" label="Port" type="number" inputMode="numeric" min={1} max={65535} />
          </div>
          <FormField id="sender-smtpSecurity" label="Security" error={securityError}>
            <Controller
              control={form.control}
              name="smtpSecurity"
              rules={passwordDeps}
              render={({ field }) => (
                <Select
                  value={field.value}
                  onValueChange={(mode) => {
                    field.onChange(mode);
                    // Follow the mode with its usual port, unless the user chose an unusual one.
                    if (usualPorts.has(form.getValues("smtpPort"))) {
                      form.setValue("smtpPort", String(defaultSmtpPorts[mode as keyof typeof defaultSmtpPorts]));
                    }
                  }}
                >
                  <SelectTrigger id="sender-smtpSecurity" className="w-full" aria-invalid={Boolean(securityError)}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {smtpSecurityModes.map((mode) => (
                      <SelectItem key={mode} value={mode}>
                        {smtpSecurityLabels[mode]}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="smtpUsername"
              label="Username"
              hint="Leave empty to use the email address."
              placeholder={email || "you@example.com"}
              autoComplete="off"
            />
            <PasswordField
              form={form}
              name="smtpPassword"
              label="Password"
              keeps={keepsPassword}
              again={again}
              hint={passwordHints[provider]}
            />
          </div>
        </div>
      </fieldset>

      <fieldset className="rounded-lg border p-4">
        <legend className="px-1 font-medium text-sm">Reply sync (IMAP, optional)</legend>
        <div className="space-y-4">
          <p className="text-muted-foreground text-xs">
            Lets Coldreach notice replies and bounces. Leave the host empty to skip it.
          </p>
          <div className="grid gap-4 sm:grid-cols-[1fr_7rem]">
            <TextField
              form={form}
              name="imapHost"
              label="IMAP host"
              placeholder="imap.example.com"
              autoComplete="off"
              revalidatesPassword
            />
            <TextField
              form={form}
              name="imapPort"
              label="IMAP port"
              type="number"
              inputMode="numeric"
              min={1}
              revalidatesPassword
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              form={form}
              name="imapUsername"
              label="IMAP username"
              hint="Leave empty to use the SMTP username."
              autoComplete="off"
            />
            <PasswordField
              form={form}
              name="imapPassword"
              label="IMAP password"
              keeps={keepsImapPassword}
              again={imapAgain}
              hint="Leave empty to use the SMTP password."
              revalidatesPassword
            />
          </div>
        </div>
      </fieldset>
    </>
  );
}
