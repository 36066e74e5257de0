// DKIM keys on the /delivery page: for each of the user's sender domains, the
// key Coldreach signs its mail with — generate one (selector of the user's
// choice), the exact TXT record to publish with Copy buttons, Check DNS, and
// Delete with a confirmation. No props: it reads the signed-in user's domains.
import { CircleAlert, CircleCheck, CircleX, Copy, KeyRound, SearchCheck, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import {
  DEFAULT_DKIM_KEY_SELECTOR,
  type DkimDnsCheck,
  type DkimDnsStatus,
  type DkimDomain,
  type DkimKey,
  dkimSelectorSchema,
} from "#shared/dkim-keys/dkim-keys.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCheckDkimDns, useDeleteDkimKey, useDkimDomains, useGenerateDkimKey } from "./use-dkim-keys.ts";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success("Copied");
  } catch {
    toast.error("Could not copy: select the text and copy it by hand");
  }
}

function CopyableValue({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="space-y-1">
      <p className="text-muted-foreground text-xs">{label}</p>
      <div className="flex items-start gap-2">
        <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all rounded-md border bg-muted/50 p-2 font-mono text-xs">
          <code>{value}</code>
        </pre>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy(value)} aria-label={copyLabel}>
          <Copy aria-hidden /> Copy
        </Button>
      </div>
    </div>
  );
}

const dnsLook: Record<
  DkimDnsStatus,
  { label: string; variant: "success" | "warning" | "destructive"; Icon: typeof CircleCheck }
> = {
  match: { label: "Found", variant: "success", Icon: CircleCheck },
  different: { label: "Different key", variant: "destructive", Icon: CircleX },
  not_found: { label: "Not found", variant: "warning", Icon: CircleAlert },
  lookup_failed: { label: "Could not be checked", variant: "warning", Icon: CircleAlert },
};

function DnsResult({ check }: { check: DkimDnsCheck }) {
  const { label, variant, Icon } = dnsLook[check.status];
  return (
    <p role="status" className="flex flex-wrap items-center gap-2 text-sm" data-status={check.status}>
      <Badge variant={variant}>
        <Icon aria-hidden /> {label}
      </Badge>
      <span className="text-muted-foreground">{check.message}</span>
    </p>
  );
}

function KeyDetails({ dkimKey }: { dkimKey: DkimKey }) {
  const check = useCheckDkimDns();
  const remove = useDeleteDkimKey();
  const { domain, record } = dkimKey;

  async function confirmDelete() {
    try {
      await remove.mutateAsync(dkimKey.id);
      toast.success(`DKIM key of ${domain} deleted`);
    } catch (err) {
      toast.error(`Could not delete the DKIM key of ${domain}`, { description: errorText(err) });
    }
  }

  return (
    <div className="space-y-3">
      <p className="text-sm">
        Coldreach signs mail from <span className="font-medium">{domain}</span> with this key (selector{" "}
        <code className="font-mono">{dkimKey.selector}</code>). Publish it as a <span className="font-medium">TXT</span>{" "}
        record:
      </p>
      <CopyableValue label="Name" value={record.host} copyLabel={`Copy the record name for ${domain}`} />
      <CopyableValue label="Value" value={record.value} copyLabel={`Copy the record value for ${domain}`} />
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={check.isPending}
          onClick={() => check.mutate(dkimKey.id)}
          aria-label={`Check DNS for ${domain}`}
        >
          {check.isPending ? <Spinner /> : <SearchCheck aria-hidden />} Check DNS
        </Button>
        <ConfirmDialog
          title={`Delete the DKIM key of ${domain}?`}
          description={`Mail from ${domain} is no longer signed with this key. Remove its record from DNS only once no mail signed with it is on its way. This cannot be undone.`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          onConfirm={confirmDelete}
          trigger={
            <Button
              variant="outline"
              size="sm"
              className="text-destructive"
              aria-label={`Delete the DKIM key of ${domain}`}
            >
              <Trash2 aria-hidden /> Delete
            </Button>
          }
        />
      </div>
      {check.isError && (
        <p role="alert" className="text-destructive text-sm">
          Could not check DNS: {errorText(check.error)}
        </p>
      )}
      {check.data && !check.isPending && <DnsResult check={check.data} />}
    </div>
  );
}

function GenerateForm({ domain }: { domain: string }) {
  const selectorId = useId();
  const errorId = useId();
  const [selector, setSelector] = useState(DEFAULT_DKIM_KEY_SELECTOR);
  const [invalid, setInvalid] = useState<string | null>(null);
  const generate = useGenerateDkimKey();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = dkimSelectorSchema.safeParse(selector);
    if (!parsed.success) {
      setInvalid(parsed.error.issues[0]?.message ?? "Enter a valid selector");
      return;
    }
    setInvalid(null);
    try {
      await generate.mutateAsync({ domain, selector: parsed.data });
      toast.success(`DKIM key generated for ${domain}`);
    } catch (err) {
      toast.error(`Could not generate a DKIM key for ${domain}`, { description: errorText(err) });
    }
  }

  return (
    <form className="space-y-2" onSubmit={(e) => void submit(e)} noValidate>
      <p className="text-muted-foreground text-sm">
        No key yet: mail from {domain} is sent unsigned by Coldreach (your mail provider may sign it).
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={selectorId} className="text-xs">
            Selector
          </Label>
          <Input
            id={selectorId}
            className="h-8 w-40"
            value={selector}
            aria-invalid={invalid ? true : undefined}
            aria-describedby={invalid ? errorId : undefined}
            onChange={(e) => setSelector(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={generate.isPending} aria-label={`Generate DKIM key for ${domain}`}>
          {generate.isPending ? <Spinner /> : <KeyRound aria-hidden />}{" "}
          {generate.isPending ? "Generating…" : "Generate DKIM key"}
        </Button>
      </div>
      {invalid && (
        <p id={errorId} className="text-destructive text-xs">
          {invalid}
        </p>
      )}
    </form>
  );
}

function DomainKey({ item }: { item: DkimDomain }) {
  return (
    <section aria-label={`DKIM key of ${item.domain}`} className="space-y-2 border-t pt-4 first:border-t-0 first:pt-0">
      <h3 className="font-medium text-sm">{item.domain}</h3>
      {item.serverKey && (
        <p className="text-muted-foreground text-sm">
          The server's DKIM key (DKIM_DOMAIN) signs mail from {item.domain}; it takes precedence over a key made here.
        </p>
      )}
      {!item.hasSenders && (
        <p className="text-muted-foreground text-sm">None of your senders uses this domain any more.</p>
      )}
      {item.key ? <KeyDetails dkimKey={item.key} /> : <GenerateForm domain={item.domain} />}
    </section>
  );
}

export function DkimKeysSection() {
  const titleId = useId();
  const domains = useDkimDomains();
  return (
    <Card aria-labelledby={titleId} aria-busy={domains.isFetching}>
      <CardHeader>
        <CardTitle id={titleId}>
          <h2>DKIM keys</h2>
        </CardTitle>
        <CardDescription>
          A key per sender domain: Coldreach signs that domain's mail with it, so receivers can tell it is yours.
          Generate one, publish its TXT record at your DNS host, then check DNS.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {domains.isPending ? (
          <Spinner label="Loading your DKIM keys…" />
        ) : domains.isError ? (
          <LoadFailed
            message={`Could not load your DKIM keys: ${domains.error.message}`}
            onRetry={() => void domains.refetch()}
          />
        ) : domains.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a sender account to generate a DKIM key for its domain.</p>
        ) : (
          domains.data.map((item) => <DomainKey key={item.domain} item={item} />)
        )}
      </CardContent>
    </Card>
  );
}
