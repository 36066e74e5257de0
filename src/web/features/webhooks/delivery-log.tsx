// One endpoint's delivery log: each event sent to it, newest first, with its
// status, attempts, the last answer (status code, duration, the start of the
// body) and when; every attempt on demand; Resend for any delivery not being
// sent right now. It refreshes itself while a delivery is pending.
import { RefreshCw, RotateCw } from "lucide-react";
import { Fragment, useState } from "react";
import type { WebhookDeliveryStatus } from "#shared/db-enums.ts";
import type { WebhookDeliveryDto } from "#shared/webhooks/webhooks.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { toast } from "#web/lib/toast.ts";
import { useResendDelivery, useWebhookDeliveries } from "./use-webhooks.ts";

const statusLook: Record<
  WebhookDeliveryStatus,
  { label: string; variant: "success" | "warning" | "destructive" | "secondary" }
> = {
  delivered: { label: "Delivered", variant: "success" },
  pending: { label: "Pending", variant: "warning" },
  failed: { label: "Failed", variant: "destructive" },
  cancelled: { label: "Cancelled", variant: "secondary" },
};

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : "—");

function Attempts({ delivery }: { delivery: WebhookDeliveryDto }) {
  return (
    <ol className="space-y-1 text-xs">
      {delivery.attemptLog.map((a) => (
        <li key={`${a.attempt}-${a.attemptedAt}`} className="break-words">
          <span className="font-medium">Attempt {a.attempt}</span> · {when(a.attemptedAt)} ·{" "}
          {a.statusCode ?? "no answer"} · {a.durationMs} ms · {a.outcome}
          {(a.responseExcerpt || a.error) && (
            <code className="mt-0.5 block max-h-24 overflow-auto whitespace-pre-wrap rounded bg-muted/50 p-1 font-mono">
              {a.error ?? a.responseExcerpt}
            </code>
          )}
        </li>
      ))}
    </ol>
  );
}

export function DeliveryLog({ endpointId, active }: { endpointId: string; active: boolean }) {
  const log = useWebhookDeliveries(endpointId, true);
  const resend = useResendDelivery();
  const [open, setOpen] = useState<string | null>(null);

  async function again(d: WebhookDeliveryDto) {
    try {
      await resend.mutateAsync({ id: endpointId, deliveryId: d.id });
      toast.success(`${d.eventType} queued again`);
    } catch (err) {
      toast.error("Could not resend", { description: err instanceof Error ? err.message : undefined });
    }
  }

  if (log.isPending) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground text-sm">
        <Spinner /> Loading the delivery log…
      </p>
    );
  }
  if (log.isError) {
    return (
      <LoadFailed
        message={`Could not load the delivery log: ${log.error.message}`}
        onRetry={() => void log.refetch()}
      />
    );
  }
  const deliveries = log.data.deliveries;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs" aria-live="polite">
          {deliveries.length === 0
            ? "No deliveries yet: events appear here as they are sent."
            : `${deliveries.length} most recent deliveries`}
        </p>
        <Button type="button" variant="ghost" size="sm" onClick={() => void log.refetch()} disabled={log.isFetching}>
          <RefreshCw aria-hidden className={log.isFetching ? "animate-spin" : undefined} /> Refresh log
        </Button>
      </div>
      {deliveries.length > 0 && (
        <Table aria-label="Delivery log">
          <TableHeader>
            <TableRow>
              <TableHead>Event</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Attempts</TableHead>
              <TableHead>Last status code</TableHead>
              <TableHead>Duration</TableHead>
              <TableHead>Response</TableHead>
              <TableHead>Time</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {deliveries.map((d) => {
              const look = statusLook[d.status];
              return (
                <Fragment key={d.id}>
                  <TableRow data-status={d.status}>
                    <TableCell>
                      <span className="font-mono text-xs">{d.eventType}</span>
                      <span className="block font-mono text-[10px] text-muted-foreground" title="webhook-id">
                        {d.eventId}
                      </span>
                    </TableCell>
                    <TableCell>
                      <Badge variant={look.variant}>{look.label}</Badge>
                    </TableCell>
                    <TableCell>{d.attempts}</TableCell>
                    <TableCell>{d.lastStatusCode ?? (d.attempts > 0 ? "no answer" : "—")}</TableCell>
                    <TableCell>{d.lastDurationMs === null ? "—" : `${d.lastDurationMs} ms`}</TableCell>
                    <TableCell className="max-w-48">
                      <span className="line-clamp-2 break-all font-mono text-xs">
                        {d.lastError ?? d.lastResponseExcerpt ?? "—"}
                      </span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap text-xs">
                      {when(d.lastAttemptAt ?? d.createdAt)}
                      {d.status === "pending" && d.nextAttemptAt && (
                        <span className="block text-muted-foreground">next {when(d.nextAttemptAt)}</span>
                      )}
                    </TableCell>
                    <TableCell className="whitespace-nowrap">
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-expanded={open === d.id}
                        onClick={() => setOpen(open === d.id ? null : d.id)}
                        disabled={d.attemptLog.length === 0}
                      >
                        Attempts
                      </Button>
                      <Button
                        type="button"
                        variant="outline"
                        size="sm"
                        disabled={!active || resend.isPending}
                        onClick={() => void again(d)}
                        aria-label={`Resend ${d.eventType} ${d.eventId}`}
                      >
                        <RotateCw aria-hidden /> Resend
                      </Button>
                    </TableCell>
                  </TableRow>
                  {open === d.id && (
                    <TableRow>
                      <TableCell colSpan={8}>
                        <Attempts delivery={d} />
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
