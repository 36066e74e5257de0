// The domain health of one sender's domain (the sender's expandable panel):
// the checks, a DKIM selector to check, Recheck, loading and error states.
import { RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { DomainHealthReport } from "./domain-health-report.tsx";
import { useDomainHealth } from "./use-domain-health.ts";

export const domainOfEmail = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export function DomainHealthPanel({ domain, id }: { domain: string; id?: string }) {
  const selectorId = useId();
  const [selectorText, setSelectorText] = useState("");
  const [selector, setSelector] = useState<string | undefined>(undefined);
  const health = useDomainHealth(domain, selector);

  function recheck(event: FormEvent) {
    event.preventDefault();
    const next = selectorText.trim() || undefined;
    if (next === selector) void health.refetch();
    else setSelector(next);
  }

  return (
    <section id={id} aria-label={`Domain health of ${domain}`} aria-busy={health.isFetching} className="space-y-3">
      {health.isPending ? (
        <p className="flex items-center gap-2 text-muted-foreground text-sm">
          <Spinner /> Checking the DNS records of {domain}…
        </p>
      ) : health.isError ? (
        <p role="alert" className="text-destructive text-sm">
          Could not check {domain}: {health.error.message}
        </p>
      ) : (
        <DomainHealthReport health={health.data} />
      )}
      <form className="flex flex-wrap items-end gap-2" onSubmit={recheck}>
        <div className="space-y-1">
          <Label htmlFor={selectorId} className="text-xs">
            DKIM selector (optional)
          </Label>
          <Input
            id={selectorId}
            className="h-8 w-40"
            placeholder={health.data?.dkimSelector ?? "google"}
            value={selectorText}
            onChange={(e) => setSelectorText(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" size="sm" disabled={health.isFetching} aria-label={`Recheck ${domain}`}>
          {health.isFetching ? <Spinner /> : <RefreshCw aria-hidden />} Recheck
        </Button>
      </form>
    </section>
  );
}
