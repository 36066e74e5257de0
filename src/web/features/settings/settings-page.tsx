import { Check, Copy, Plus, RefreshCw, Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useId, useMemo, useState } from "react";
import { Controller, type UseFormReturn, useFieldArray, useForm, useWatch } from "react-hook-form";
import { BULK_SIGNATURE_HEADER, BULK_TIMESTAMP_HEADER } from "#shared/bulk/bulk-messages.ts";
import { type FromNameFormat, type ThemeMode, weekdays } from "#shared/db-enums.ts";
import { PIXEL_COST } from "#shared/sending/tracking-text.ts";
import { listTimeZones } from "#shared/settings/timezone.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { SearchableSelect } from "#web/components/ui/searchable-select.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { UnsavedChangesGuard } from "#web/components/unsaved-changes-guard.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { timeZoneChoices } from "#web/lib/time-zone-choices.ts";
import { toast } from "#web/lib/toast.ts";
import { ApiKeysSection } from "../api-keys/api-keys-section.tsx";
import { useBulkDelivery } from "../bulk/use-bulk.ts";
import { WebhooksLink } from "../webhooks/webhooks-link.tsx";
import { AccountSection } from "./account-section.tsx";
import { BounceProtectionFields } from "./bounce-protection-section.tsx";
import { type SettingsFormValues, settingsResolver, toFormValues, toSettings } from "./settings-form-values.ts";
import { useSaveSettings, useSettingsQuery } from "./use-settings.ts";

type Form = UseFormReturn<SettingsFormValues>;

const themeLabels: Record<ThemeMode, string> = {
  light: "Light",
  dark: "Dark",
  auto: "Auto (follow system)",
};
const fromNameLabels: Record<FromNameFormat, string> = {
  first_last: "First Last (e.g. Jane Smith)",
  company_team: "Company Team (e.g. Acme Team)",
};
const dayLabel = (day: string) => day[0]!.toUpperCase() + day.slice(1);

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">{children}</CardContent>
    </Card>
  );
}

function ToggleField({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: keyof SettingsFormValues;
  label: string;
  hint: string;
}) {
  const id = `settings-${name}`;
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p className="text-muted-foreground text-xs">{hint}</p>
      </div>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Switch id={id} checked={Boolean(field.value)} onCheckedChange={field.onChange} onBlur={field.onBlur} />
        )}
      />
    </div>
  );
}

/** A labelled select over a fixed set of values (value → label). */
function SelectField({
  form,
  name,
  label,
  options,
}: {
  form: Form;
  name: "themeMode" | "fromNameFormat";
  label: string;
  options: Record<string, string>;
}) {
  const id = `settings-${name}`;
  return (
    <FormField id={id} label={label} error={form.formState.errors[name]?.message}>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Select value={field.value} onValueChange={field.onChange}>
            <SelectTrigger id={id} className="w-full sm:w-72">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {Object.entries(options).map(([value, text]) => (
                <SelectItem key={value} value={value}>
                  {text}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}

function GeneralSection({ form }: { form: Form }) {
  return (
    <Section title="General Settings" description="How Coldreach looks for you.">
      <SelectField form={form} name="themeMode" label="Theme mode" options={themeLabels} />
    </Section>
  );
}

function SendingSection({ form }: { form: Form }) {
  const zones = useMemo(() => timeZoneChoices(listTimeZones()), []);
  const errors = form.formState.errors;
  return (
    <Section title="Sending Settings" description="Limits and the window in which campaign emails go out.">
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField
          id="settings-dailySendLimit"
          label="Daily send limit"
          hint="Emails per day across all your campaigns (1 to 10,000)."
          error={errors.dailySendLimit?.message}
        >
          <Input
            id="settings-dailySendLimit"
            type="number"
            inputMode="numeric"
            aria-invalid={Boolean(errors.dailySendLimit)}
            {...form.register("dailySendLimit", { valueAsNumber: true })}
          />
        </FormField>
        <FormField
          id="settings-timezone"
          label="Timezone"
          hint="Sending window and days are in this timezone."
          error={errors.timezone?.message}
        >
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <SearchableSelect
                id="settings-timezone"
                label="Timezone"
                value={field.value}
                options={zones}
                onChange={field.onChange}
                invalid={Boolean(errors.timezone)}
                describedBy={errors.timezone ? "settings-timezone-error" : "settings-timezone-hint"}
              />
            )}
          />
        </FormField>
        <FormField id="settings-sendTimeStart" label="Sending window starts" error={errors.sendTimeStart?.message}>
          <Input
            id="settings-sendTimeStart"
            type="time"
            aria-invalid={Boolean(errors.sendTimeStart)}
            {...form.register("sendTimeStart")}
          />
        </FormField>
        <FormField id="settings-sendTimeEnd" label="Sending window ends" error={errors.sendTimeEnd?.message}>
          <Input
            id="settings-sendTimeEnd"
            type="time"
            aria-invalid={Boolean(errors.sendTimeEnd)}
            {...form.register("sendTimeEnd")}
          />
        </FormField>
      </div>
      <fieldset className="space-y-2">
        <legend className="font-medium text-sm">Sending days</legend>
        <Controller
          control={form.control}
          name="sendingDays"
          render={({ field }) => (
            <div className="flex flex-wrap gap-4">
              {weekdays.map((day) => {
                const id = `settings-day-${day}`;
                const checked = field.value.includes(day);
                return (
                  <div key={day} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={checked}
                      onCheckedChange={(on) =>
                        field.onChange(
                          on
                            ? weekdays.filter((d) => d === day || field.value.includes(d))
                            : field.value.filter((d) => d !== day),
                        )
                      }
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
        <FieldError message={errors.sendingDays?.message} />
      </fieldset>
      <ToggleField
        form={form}
        name="replyHandlingEnabled"
        label="Reply handling"
        hint="Stop a contact's remaining steps when they reply."
      />
    </Section>
  );
}

function MergeTagRows({ form }: { form: Form }) {
  const rows = useFieldArray({ control: form.control, name: "fallbackMergeTags" });
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-sm">Fallback merge tags</legend>
      <p className="text-muted-foreground text-xs">
        Used when a contact has no value for a tag, e.g. "Hi {"{{first_name}}"}" becomes "Hi there".
      </p>
      {rows.fields.map((row, i) => (
        <div key={row.id} className="flex gap-2">
          <Input
            aria-label={`Tag name ${i + 1}`}
            placeholder="tag_name"
            {...form.register(`fallbackMergeTags.${i}.tag`)}
          />
          <Input
            aria-label={`Fallback value ${i + 1}`}
            placeholder="fallback value"
            {...form.register(`fallbackMergeTags.${i}.value`)}
          />
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove tag ${i + 1}`}
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden />
          </Button>
        </div>
      ))}
      <Button type="button" variant="outline" size="sm" onClick={() => rows.append({ tag: "", value: "" })}>
        <Plus aria-hidden /> Add fallback
      </Button>
      <FieldError
        message={
          form.formState.errors.fallbackMergeTags?.message ?? form.formState.errors.fallbackMergeTags?.root?.message
        }
      />
    </fieldset>
  );
}

function BounceProtectionSection({ form }: { form: Form }) {
  return (
    <Section
      title="Bounce protection"
      description="Protects your senders' reputation: a sender or a campaign that bounces too much stops sending until you resume it."
    >
      <BounceProtectionFields form={form} />
    </Section>
  );
}

function CompositionSection({ form }: { form: Form }) {
  const errors = form.formState.errors;
  return (
    <Section title="Email Composition Settings" description="What every email you send carries.">
      <SelectField form={form} name="fromNameFormat" label="From name format" options={fromNameLabels} />
      <FormField
        id="settings-defaultSignature"
        label="Default signature"
        hint="Added to the end of every email."
        error={errors.defaultSignature?.message}
      >
        <Textarea id="settings-defaultSignature" rows={4} {...form.register("defaultSignature")} />
      </FormField>
      <MergeTagRows form={form} />
      <ToggleField
        form={form}
        name="trackOpens"
        label="Track opens"
        hint={`Add an open-tracking pixel to campaign emails (a campaign can override this). ${PIXEL_COST}`}
      />
    </Section>
  );
}

function ComplianceSection({ form }: { form: Form }) {
  return (
    <Section title="Security & Compliance" description="Unsubscribe handling and legal text.">
      <ToggleField
        form={form}
        name="unsubscribeLinkEnabled"
        label="Unsubscribe link"
        hint="Add a one-click unsubscribe link and header to every email."
      />
      <FormField
        id="settings-legalDisclaimer"
        label="Legal disclaimer"
        hint="Added below the signature."
        error={form.formState.errors.legalDisclaimer?.message}
      >
        <Textarea id="settings-legalDisclaimer" rows={3} {...form.register("legalDisclaimer")} />
      </FormField>
    </Section>
  );
}

function NotificationsSection({ form }: { form: Form }) {
  const [campaignOn, openOn, replyOn] = useWatch({
    control: form.control,
    name: ["campaignNotificationsEnabled", "openNotificationsEnabled", "replyNotificationsEnabled"],
  });
  return (
    <Section title="Campaign Notifications" description="Emails to you about your campaigns.">
      <ToggleField
        form={form}
        name="campaignNotificationsEnabled"
        label="Campaign notifications"
        hint="Email me when a campaign launches."
      />
      <ToggleField
        form={form}
        name="openNotificationsEnabled"
        label="Open notifications"
        hint="Email me a digest of the emails opened, at most once an hour."
      />
      <ToggleField
        form={form}
        name="replyNotificationsEnabled"
        label="Reply notifications"
        hint="Email me each reply a person writes, with its text."
      />
      {(campaignOn || openOn || replyOn) && (
        <FormField
          id="settings-notificationEmail"
          label="Notification email"
          hint="Leave empty to use your account email."
          error={form.formState.errors.notificationEmail?.message}
        >
          <Input
            id="settings-notificationEmail"
            type="email"
            aria-invalid={Boolean(form.formState.errors.notificationEmail)}
            {...form.register("notificationEmail")}
          />
        </FormField>
      )}
    </Section>
  );
}

function SigningSecret() {
  const delivery = useBulkDelivery();
  const [copied, setCopied] = useState(false);
  const secret = delivery.data?.signingSecret;
  async function copy() {
    if (!secret) return;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Could not copy: select the secret and copy it by hand");
    }
  }
  return (
    <div className="space-y-2">
      <Label htmlFor="settings-webhookSecret">Signing secret</Label>
      <div className="flex gap-2">
        <Input
          id="settings-webhookSecret"
          readOnly
          className="font-mono"
          value={secret ?? ""}
          placeholder={delivery.isPending ? "Loading..." : ""}
          aria-describedby="settings-webhookSecret-hint"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()} disabled={!secret}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p id="settings-webhookSecret-hint" className="text-muted-foreground text-xs">
        Every request carries <code>{BULK_SIGNATURE_HEADER}: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of the raw
        request body keyed with this secret, and <code>{BULK_TIMESTAMP_HEADER}</code>, the send time (also in the body
        as <code>timestamp</code>). Compute the HMAC over the body exactly as received and compare before trusting it.
      </p>
    </div>
  );
}

function AutomationSection({ form }: { form: Form }) {
  const url = useWatch({ control: form.control, name: "automationWebhookUrl" });
  const error = form.formState.errors.automationWebhookUrl?.message;
  return (
    <Section
      title="Automation"
      description="Send Email in Bulk to your own automation (n8n, Zapier, Make…) instead of through Coldreach."
    >
      <FormField
        id="settings-automationWebhookUrl"
        label="Automation webhook URL"
        hint="Optional. When set, Send Bulk Emails posts the campaign, sender emails and contacts to this address as JSON; when empty, Coldreach sends the emails through your saved sender accounts."
        error={error}
      >
        <Input
          id="settings-automationWebhookUrl"
          type="url"
          inputMode="url"
          autoComplete="off"
          placeholder="https://hooks.example.com/coldreach-bulk"
          aria-invalid={Boolean(error)}
          aria-describedby={error ? "settings-automationWebhookUrl-error" : "settings-automationWebhookUrl-hint"}
          {...form.register("automationWebhookUrl")}
        />
      </FormField>
      {url?.trim() && <SigningSecret />}
    </Section>
  );
}

export function SettingsPage() {
  const query = useSettingsQuery();
  const save = useSaveSettings();
  const form = useForm<SettingsFormValues>({
    resolver: settingsResolver,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { reset } = form;
  const loaded = query.data;

  // Load once; later cache updates (optimistic saves) must not wipe edits in progress.
  useEffect(() => {
    if (loaded && !form.formState.isDirty && !save.isPending) reset(toFormValues(loaded));
  }, [loaded, reset, form.formState.isDirty, save.isPending]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(toSettings(values));
      reset(toFormValues(saved));
      toast.success("Settings saved successfully");
    } catch (err) {
      console.warn("settings save failed", err);
      if (err instanceof ApiError) {
        for (const [field, message] of Object.entries(err.fieldErrors)) {
          form.setError(field.split(".")[0] as keyof SettingsFormValues, { message });
        }
      }
      toast.error("Failed to save settings", { description: err instanceof Error ? err.message : undefined });
    }
  });

  return (
    <>
      <PageHeader title="Settings" subtitle="Manage your account, sending and notification preferences" />
      {query.isPending && <Spinner label="Loading settings..." />}
      {query.isError && (
        <div role="alert" className="space-y-3">
          <p className="text-destructive">Failed to load settings.</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {loaded && form.formState.defaultValues && (
        <form onSubmit={onSubmit} noValidate className="space-y-6">
          <UnsavedChangesGuard when={form.formState.isDirty && !save.isPending} />
          <GeneralSection form={form} />
          <SendingSection form={form} />
          <BounceProtectionSection form={form} />
          <CompositionSection form={form} />
          <ComplianceSection form={form} />
          <NotificationsSection form={form} />
          <AutomationSection form={form} />
          <div className="sticky bottom-0 flex justify-end border-t bg-background/95 py-4 backdrop-blur">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Settings"}
            </Button>
          </div>
        </form>
      )}
      <div className="mt-6">
        <WebhooksLink />
      </div>
      {/* Their own forms (password, sessions, API keys): outside the settings form, and shown while settings load. */}
      <div className="mt-6 space-y-6">
        <AccountSection />
        <ApiKeysSection />
      </div>
    </>
  );
}
