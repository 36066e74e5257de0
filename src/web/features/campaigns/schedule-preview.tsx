// The schedule preview (docs/product.md §9.8, §10.1; record 027): the estimated
// end date, what limits it, and the first days' sends (per sender on expand).
// The wizard plans its draft (POST), the campaign page its queue (GET).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { ChevronDown, ChevronRight } from "lucide-react";
import { Fragment, useMemo, useState } from "react";
import type { SchedulePreview, SchedulePreviewInput } from "#shared/sending/schedule-preview.schemas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#web/components/ui/table.tsx";
import { api, unwrap } from "#web/lib/api-client.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";

/** Days shown in the table; the end date covers the rest. */
const SHOWN_DAYS = 14;

const dateLabel = (date: string, year = true) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString(undefined, {
    weekday: "short",
    day: "numeric",
    month: "short",
    ...(year ? { year: "numeric" } : {}),
    timeZone: "UTC",
  });

/** A saved campaign's plan, from what is queued now. */
export function useCampaignSchedulePreview(campaignId: string) {
  return useQuery({
    queryKey: ["campaigns", campaignId, "schedule-preview"],
    queryFn: async () => unwrap(await api.campaigns[":id"]["schedule-preview"].$get({ param: { id: campaignId } })),
  });
}

/**
 * The wizard draft's plan; null input (nothing to plan yet) asks nothing. Asked
 * once the draft has stayed the same for a moment: typing a figure on the
 * review step would otherwise plan the whole campaign on every keystroke.
 */
export function useDraftSchedulePreview(input: SchedulePreviewInput | null) {
  const key = useMemo(() => (input ? JSON.stringify(input) : null), [input]);
  const settled = useDebounced(key, 400);
  return useQuery({
    queryKey: ["schedule-preview", settled],
    enabled: settled !== null,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      if (!settled) throw new Error("nothing to plan");
      const json = JSON.parse(settled) as SchedulePreviewInput;
      return unwrap(await api.campaigns["schedule-preview"].$post({ json }));
    },
  });
}

type PreviewQuery = { data?: SchedulePreview; isPending: boolean; isError: boolean; error: unknown };

export function SchedulePreviewSection({ query, empty }: { query: PreviewQuery; empty?: string }) {
  if (empty) return <p className="text-muted-foreground">{empty}</p>;
  if (query.isError) {
    const message = query.error instanceof Error ? query.error.message : "Unknown error";
    return (
      <p role="alert" className="text-destructive">
        Could not compute the schedule preview: {message}
      </p>
    );
  }
  if (query.isPending || !query.data) return <Spinner label="Computing the schedule preview…" />;
  return <SchedulePreviewView plan={query.data} />;
}

function SchedulePreviewView({ plan }: { plan: SchedulePreview }) {
  const [open, setOpen] = useState<Set<string>>(new Set());
  if (plan.totalSends === 0) return <p className="text-muted-foreground">Nothing is left to send.</p>;
  const shown = plan.days.slice(0, SHOWN_DAYS);
  const toggle = (date: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(date)) next.delete(date);
      else next.add(date);
      return next;
    });
  return (
    <div className="space-y-3">
      <p>
        <span className="text-muted-foreground">Estimated end: </span>
        <span className="font-medium">
          {plan.endDate ? dateLabel(plan.endDate) : "—"}
          {plan.complete ? "" : " or later (more than a year)"}
        </span>{" "}
        · {plan.totalSends.toLocaleString()} emails
      </p>
      {plan.limits.length > 0 && (
        <div>
          <p className="text-muted-foreground">What limits it:</p>
          <ul className="list-disc space-y-1 pl-5">
            {plan.limits.map((l) => (
              <li key={l.kind}>{l.message}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="overflow-x-auto">
        <Table>
          <TableCaption className="sr-only">
            Planned sends for the first {shown.length} sending days, per day
          </TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Date</TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                First emails
              </TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                Follow-ups
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((d) => {
              const expanded = open.has(d.date);
              const senders = Object.entries(d.bySender).sort((a, b) => a[0].localeCompare(b[0]));
              return (
                <Fragment key={d.date}>
                  <TableRow>
                    <TableHead scope="row" className="font-normal">
                      {/* The day expands to its sends per sender (the button is the row's date). */}
                      <Button
                        variant="ghost"
                        size="sm"
                        className="-ml-2 px-2"
                        aria-expanded={expanded}
                        aria-controls={`preview-${d.date}`}
                        onClick={() => toggle(d.date)}
                      >
                        {expanded ? <ChevronDown aria-hidden /> : <ChevronRight aria-hidden />}
                        {dateLabel(d.date, false)}
                        <span className="sr-only">: per sender</span>
                      </Button>
                    </TableHead>
                    <TableCell className="text-right tabular-nums">{d.firstSteps}</TableCell>
                    <TableCell className="text-right tabular-nums">{d.followUps}</TableCell>
                  </TableRow>
                  {expanded && (
                    <TableRow id={`preview-${d.date}`}>
                      <TableCell colSpan={3}>
                        <ul className="max-w-md space-y-1" aria-label={`Sends per sender on ${dateLabel(d.date)}`}>
                          {senders.map(([email, n]) => (
                            <li key={email} className="flex justify-between gap-2">
                              <span className="truncate">{email}</span>
                              <span className="tabular-nums text-muted-foreground">{n}</span>
                            </li>
                          ))}
                        </ul>
                      </TableCell>
                    </TableRow>
                  )}
                </Fragment>
              );
            })}
          </TableBody>
        </Table>
      </div>
      {plan.days.length > shown.length && (
        <p className="text-muted-foreground">
          +{plan.days.length - shown.length} more sending days until the estimated end.
        </p>
      )}
    </div>
  );
}

/** The campaign page's section: its queue's plan (a draft: as launch would queue it). */
export function CampaignSchedulePreview({ campaignId }: { campaignId: string }) {
  const query = useCampaignSchedulePreview(campaignId);
  return (
    <Card className="mt-4">
      <CardHeader>
        <CardTitle>
          <h2>Schedule preview</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <SchedulePreviewSection query={query} />
      </CardContent>
    </Card>
  );
}
