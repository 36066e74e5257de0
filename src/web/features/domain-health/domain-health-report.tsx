// One domain's checks: each with a pass / warn / fail badge (an icon and a
// word, not colour alone), its message and, when a record fixes it, the exact
// TXT record in a code block with a Copy button.
import { CircleAlert, CircleCheck, CircleX, Copy } from "lucide-react";
import { useState } from "react";
import type { CheckStatus, DomainCheck, DomainHealth, FixRecord } from "#shared/domain-health/domain-health.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";

const statusLook: Record<
  CheckStatus,
  { label: string; variant: "success" | "warning" | "destructive"; Icon: typeof CircleCheck }
> = {
  pass: { label: "Pass", variant: "success", Icon: CircleCheck },
  warn: { label: "Warning", variant: "warning", Icon: CircleAlert },
  fail: { label: "Fail", variant: "destructive", Icon: CircleX },
};

export function CheckStatusBadge({ status }: { status: CheckStatus }) {
  const { label, variant, Icon } = statusLook[status];
  return (
    <Badge variant={variant} data-status={status}>
      <Icon aria-hidden /> {label}
    </Badge>
  );
}

function FixRecordBlock({ fix }: { fix: FixRecord }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(fix.value);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      toast.error("Could not copy: select the record and copy it by hand");
    }
  }
  return (
    <div className="space-y-1 rounded-md border bg-muted/50 p-2">
      <p className="text-muted-foreground text-xs">
        Publish a <span className="font-medium">{fix.type}</span> record at{" "}
        <code className="break-all font-mono">{fix.host}</code>:
      </p>
      <div className="flex items-start gap-2">
        <pre className="min-w-0 flex-1 overflow-x-auto whitespace-pre-wrap break-all font-mono text-xs">
          <code>{fix.value}</code>
        </pre>
        <Button type="button" variant="outline" size="sm" onClick={copy} aria-label={`Copy the record for ${fix.host}`}>
          <Copy aria-hidden /> {copied ? "Copied" : "Copy"}
        </Button>
      </div>
    </div>
  );
}

function CheckItem({ check }: { check: DomainCheck }) {
  return (
    <li
      className="space-y-1.5 py-2"
      data-check={check.id}
      aria-label={`${check.label}: ${statusLook[check.status].label}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <CheckStatusBadge status={check.status} />
        <span className="font-medium">{check.label}</span>
      </div>
      <p className="break-words text-muted-foreground">{check.message}</p>
      {check.fix && <FixRecordBlock fix={check.fix} />}
    </li>
  );
}

export function DomainHealthReport({ health }: { health: DomainHealth }) {
  return (
    <div className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <CheckStatusBadge status={health.status} />
        <span>
          <span className="font-medium">{health.domain}</span>
          <span className="text-muted-foreground"> · checked {new Date(health.checkedAt).toLocaleTimeString()}</span>
        </span>
      </p>
      <ul className="divide-y">
        {health.checks.map((check) => (
          <CheckItem key={check.id} check={check} />
        ))}
      </ul>
    </div>
  );
}
