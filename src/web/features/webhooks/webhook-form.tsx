// The add / edit form of a webhook endpoint: its URL, the events it wants
// (checkboxes, at least one) and, when adding, whether it starts on. The
// shared URL rule is checked before sending (the server checks it again,
// with its address policy, and its field messages are shown the same way).
import { type FormEvent, useId, useState } from "react";
import { type WebhookEventType, webhookEventTypes } from "#shared/db-enums.ts";
import { webhookEventDescriptions } from "#shared/webhooks/webhook-events.schemas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { ApiError } from "#web/lib/api-client.ts";

export type WebhookFormValues = { url: string; events: WebhookEventType[]; active: boolean };

export function WebhookForm({
  initial,
  submitLabel,
  busyLabel,
  showActive,
  onSubmit,
  onCancel,
}: {
  initial: WebhookFormValues;
  submitLabel: string;
  busyLabel: string;
  showActive: boolean;
  onSubmit: (values: WebhookFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const id = useId();
  const [url, setUrl] = useState(initial.url);
  const [events, setEvents] = useState<WebhookEventType[]>(initial.events);
  const [active, setActive] = useState(initial.active);
  const [errors, setErrors] = useState<{ url?: string; events?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: typeof errors = {};
    if (!url.trim()) found.url = "Enter the endpoint's URL";
    if (events.length === 0) found.events = "Choose at least one event";
    setErrors(found);
    if (found.url || found.events) return;
    setBusy(true);
    try {
      await onSubmit({ url: url.trim(), events, active });
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = err.fieldErrors;
        const eventsError = Object.entries(fields).find(([k]) => k.startsWith("events"))?.[1];
        setErrors({
          url: fields.url,
          events: eventsError,
          form: fields.url || eventsError ? undefined : err.message,
        });
      } else setErrors({ form: err instanceof Error ? err.message : "Something went wrong" });
    } finally {
      setBusy(false);
    }
  }

  const toggle = (type: WebhookEventType, on: boolean) =>
    setEvents((list) => (on ? [...list, type] : list.filter((t) => t !== type)));

  return (
    <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <div className="space-y-1">
        <Label htmlFor={`${id}-url`}>Endpoint URL</Label>
        <Input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          placeholder="https://hooks.example.com/coldreach"
          value={url}
          aria-invalid={errors.url ? true : undefined}
          aria-describedby={errors.url ? `${id}-url-error` : `${id}-url-hint`}
          onChange={(e) => setUrl(e.target.value)}
        />
        {errors.url ? (
          <FieldError id={`${id}-url-error`} message={errors.url} />
        ) : (
          <p id={`${id}-url-hint`} className="text-muted-foreground text-xs">
            An https:// address that accepts POST requests with a JSON body.
          </p>
        )}
      </div>
      <fieldset className="space-y-2" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="font-medium text-sm">Events</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {webhookEventTypes.map((type) => {
            const boxId = `${id}-event-${type}`;
            return (
              <div key={type} className="flex items-start gap-2">
                <Checkbox
                  id={boxId}
                  checked={events.includes(type)}
                  onCheckedChange={(on) => toggle(type, on === true)}
                  aria-describedby={`${boxId}-hint`}
                />
                <div className="min-w-0 space-y-0.5 leading-none">
                  <Label htmlFor={boxId} className="font-mono text-xs">
                    {type}
                  </Label>
                  <p id={`${boxId}-hint`} className="text-muted-foreground text-xs">
                    {webhookEventDescriptions[type]}
                  </p>
                </div>
              </div>
            );
          })}
        </div>
        <FieldError id={`${id}-events-error`} message={errors.events} />
      </fieldset>
      {showActive && (
        <div className="flex items-center gap-3">
          <Switch id={`${id}-active`} checked={active} onCheckedChange={setActive} />
          <Label htmlFor={`${id}-active`}>Active</Label>
        </div>
      )}
      {errors.form && (
        <p role="alert" className="text-destructive text-sm">
          {errors.form}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy && <Spinner />} {busy ? busyLabel : submitLabel}
        </Button>
        {onCancel && (
          <Button type="button" variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
