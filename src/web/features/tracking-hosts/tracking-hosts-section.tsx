// Tracking domains on the /delivery page, beside DKIM keys: for each of the
// user's sender domains, a tracking host of their own (track.acme.com) with
// the CNAME record to publish (Copy buttons), the last check as pass / fail
// (an icon and a word, not colour alone) and its message, Recheck, Change and
// Remove (asks first). No props: it reads the signed-in user's domains.
import { CircleAlert, CircleCheck, CircleDashed, CircleX, Copy, Link2, RefreshCw, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { TrackingHostStatus } from "#shared/db-enums.ts";
import type { TrackingHost } from "#shared/tracking-hosts/tracking-host.schemas.ts";
import { TRACKING_HOST_RETIRED_DAYS, trackingHostProblem } from "#shared/tracking-hosts/tracking-host-rules.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import {
  useCheckTrackingHost,
  useRemoveTrackingHost,
  useSetTrackingHost,
  useTrackingHosts,
} from "./use-tracking-hosts.ts";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

const statusLook: Record<
  TrackingHostStatus,
  { label: string; variant: "success" | "warning" | "destructive" | "secondary"; Icon: typeof CircleCheck }
> = {
  pass: { label: "Pass", variant: "success", Icon: CircleCheck },
  not_found: { label: "Fail", variant: "destructive", Icon: CircleX },
  wrong_target: { label: "Fail", variant: "destructive", Icon: CircleX },
  lookup_failed: { label: "Could not be checked", variant: "warning", Icon: CircleAlert },
  pending: { label: "Not checked", variant: "secondary", Icon: CircleDashed },
};

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied");
  } catch {
    toast.error("Could not copy: select the text and copy it by hand");
  }
}

function RecordField({ label, value, copyLabel }: { label: string; value: string; copyLabel?: string }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="flex items-start gap-2">
        <code className="min-w-0 flex-1 break-all rounded-md border bg-muted/50 px-2 py-1.5 font-mono text-xs">
          {value}
        </code>
        {copyLabel && (
          <Button type="button" variant="outline" size="sm" onClick={() => void copy(value)} aria-label={copyLabel}>
            <Copy aria-hidden /> Copy
          </Button>
        )}
      </dd>
    </div>
  );
}

function HostForm({
  domain,
  publicHost,
  initial,
  onDone,
}: {
  domain: string;
  publicHost: string;
  initial: string;
  onDone?: () => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [host, setHost] = useState(initial);
  const [invalid, setInvalid] = useState<string | null>(null);
  const save = useSetTrackingHost();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = trackingHostProblem(host, { domain, publicHost });
    if (problem) {
      setInvalid(problem);
      return;
    }
    setInvalid(null);
    try {
      const saved = await save.mutateAsync({ domain, host });
      toast.success(`Tracking host of ${domain} saved`, { description: saved.message ?? undefined });
      onDone?.();
    } catch (err) {
      const field = err instanceof ApiError ? err.fieldErrors.host : undefined;
      if (field) setInvalid(field);
      else toast.error(`Could not save the tracking host of ${domain}`, { description: errorText(err) });
    }
  }

  return (
    <form className="space-y-1" onSubmit={(e) => void submit(e)} noValidate>
      <Label htmlFor={inputId} className="text-xs">
        Tracking host
      </Label>
      <div className="flex flex-wrap items-start gap-2">
        <Input
          id={inputId}
          className="h-8 w-full sm:w-64"
          placeholder={`track.${domain}`}
          value={host}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setHost(e.target.value)}
        />
        <Button
          type="submit"
          size="sm"
          disabled={save.isPending}
          aria-label={`Save and check the tracking host for ${domain}`}
        >
          {save.isPending ? <Spinner /> : <Link2 aria-hidden />} {save.isPending ? "Checking…" : "Save and check"}
        </Button>
        {onDone && (
          <Button type="button" variant="ghost" size="sm" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
      <FieldError id={errorId} message={invalid} className="text-xs" />
    </form>
  );
}

function HostDetails({ item, publicHost }: { item: TrackingHost & { host: string }; publicHost: string }) {
  const [editing, setEditing] = useState(false);
  const check = useCheckTrackingHost();
  const remove = useRemoveTrackingHost();
  const status = item.status ?? "pending";
  const { label, variant, Icon } = statusLook[status];

  async function confirmRemove() {
    try {
      await remove.mutateAsync(item.domain);
      toast.success(`Tracking host of ${item.domain} removed`);
    } catch (err) {
      toast.error(`Could not remove the tracking host of ${item.domain}`, { description: errorText(err) });
    }
  }

  if (editing) {
    return (
      <HostForm domain={item.domain} publicHost={publicHost} initial={item.host} onDone={() => setEditing(false)} />
    );
  }
  return (
    <div className="space-y-3">
      <p role="status" className="flex flex-wrap items-center gap-2 text-sm" data-status={status}>
        <Badge variant={variant}>
          <Icon aria-hidden /> {label}
        </Badge>
        <span className="font-medium">{item.host}</span>
        {item.checkedAt && (
          <span className="text-muted-foreground">· checked {new Date(item.checkedAt).toLocaleString()}</span>
        )}
      </p>
      {item.message && <p className="break-words text-muted-foreground text-sm">{item.message}</p>}
      <p className="text-sm">
        {item.inUse
          ? `Mail from ${item.domain} links to ${item.host}.`
          : `Mail from ${item.domain} links to ${publicHost} until the check passes.`}
      </p>
      {item.record && (
        <div className="space-y-2 rounded-md border p-3">
          <p className="text-muted-foreground text-xs">Publish this record at your DNS host:</p>
          <dl className="grid gap-2 sm:grid-cols-[minmax(0,2fr)_auto_minmax(0,2fr)]">
            <RecordField label="Name" value={item.record.host} copyLabel={`Copy the record name for ${item.domain}`} />
            <RecordField label="Type" value={item.record.type} />
            <RecordField
              label="Value"
              value={item.record.value}
              copyLabel={`Copy the record value for ${item.domain}`}
            />
          </dl>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={check.isPending}
          onClick={() =>
            check.mutate(item.domain, {
              onError: (err) => toast.error(`Could not check ${item.host}`, { description: errorText(err) }),
            })
          }
          aria-label={`Recheck ${item.host}`}
        >
          {check.isPending ? <Spinner /> : <RefreshCw aria-hidden />} Recheck
        </Button>
        <Button type="button" variant="outline" size="sm" onClick={() => setEditing(true)}>
          Change
        </Button>
        <ConfirmDialog
          title={`Remove the tracking host of ${item.domain}?`}
          description={`New mail from ${item.domain} links to ${publicHost} again. Links in mail already sent keep working on ${item.host} for ${TRACKING_HOST_RETIRED_DAYS} days: keep its CNAME record that long.`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          onConfirm={confirmRemove}
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              aria-label={`Remove the tracking host of ${item.domain}`}
            >
              <Trash2 aria-hidden /> Remove
            </Button>
          }
        />
      </div>
    </div>
  );
}

function DomainHost({ item, publicHost }: { item: TrackingHost; publicHost: string }) {
  const host = item.host;
  return (
    <section
      aria-label={`Tracking domain of ${item.domain}`}
      className="space-y-2 border-t pt-4 first:border-t-0 first:pt-0"
    >
      <h3 className="font-medium text-sm">{item.domain}</h3>
      {host ? (
        <HostDetails item={{ ...item, host }} publicHost={publicHost} />
      ) : (
        <>
          <p className="text-muted-foreground text-sm">
            No tracking host: mail from {item.domain} links to {publicHost}.
          </p>
          <HostForm domain={item.domain} publicHost={publicHost} initial="" />
        </>
      )}
    </section>
  );
}

export function TrackingHostsSection() {
  const titleId = useId();
  const hosts = useTrackingHosts();
  const publicHost = hosts.data?.publicHost;
  return (
    <Card aria-labelledby={titleId} aria-busy={hosts.isFetching}>
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>Tracking domains</h2>
        </CardTitle>
        <CardDescription>
          A subdomain of your sender domain, such as track.yourdomain.com, as a CNAME to this app. Once the CNAME check
          passes, that domain's mail carries its open pixel, unsubscribe links and tracked links on your own domain
          instead of the app's, so receivers see one domain throughout.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {hosts.isPending ? (
          <Spinner label="Loading your tracking domains…" />
        ) : hosts.isError ? (
          <LoadFailed
            message={`Could not load your tracking domains: ${hosts.error.message}`}
            onRetry={() => void hosts.refetch()}
          />
        ) : !publicHost ? (
          <p className="text-muted-foreground text-sm">
            Tracking domains need this app to have a host name: its PUBLIC_URL is an IP address, and a CNAME record
            cannot point at one.
          </p>
        ) : hosts.data.domains.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a sender account to set a tracking domain for its domain.</p>
        ) : (
          hosts.data.domains.map((item) => <DomainHost key={item.domain} item={item} publicHost={publicHost} />)
        )}
      </CardContent>
    </Card>
  );
}
