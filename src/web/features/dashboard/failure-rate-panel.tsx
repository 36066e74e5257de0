// The failure-rate panel (docs/product.md §3.3): four figures, success and
// failure bars, a banner by band, the Failure Breakdown grid (categories above
// 0 only) and the 10 newest failures, with its own Refresh.
import { AlertTriangle, CheckCircle2, Info, MailX, OctagonAlert, RefreshCw, ShieldAlert } from "lucide-react";
import { useId } from "react";
import type { DashboardSummary, FailureStatsResponse } from "#shared/dashboard/dashboard.schemas.ts";
import {
  type BannerTone,
  failureBanner,
  NO_EMAILS_DESCRIPTION,
  NO_EMAILS_TITLE,
} from "#shared/dashboard/failure-banner.ts";
import { failureBand } from "#shared/reporting/failure-breakdown.ts";
import { barPercent, failureRate, successRate } from "#shared/reporting/rates.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatDayTime } from "#web/lib/date-format.ts";
import { Figure } from "../../components/figure.tsx";

const number = new Intl.NumberFormat("en-US");
const n = (value: number) => number.format(value);

const toneStyles: Record<BannerTone, { box: string; icon: typeof Info }> = {
  neutral: { box: "border-border bg-muted/50", icon: Info },
  success: { box: "border-success/40 bg-success/10", icon: CheckCircle2 },
  warning: { box: "border-warning/60 bg-warning/15", icon: AlertTriangle },
  danger: { box: "border-destructive/40 bg-destructive/10", icon: OctagonAlert },
};

const toneIcon: Record<BannerTone, string> = {
  neutral: "text-muted-foreground",
  success: "text-success",
  warning: "text-warning-foreground dark:text-warning",
  danger: "text-destructive",
};

/** What the panel shows: the failure statistics, or the dashboard's basic counts when those could not be loaded. */
type PanelData = Pick<
  FailureStatsResponse,
  "total" | "sent" | "failed" | "band" | "overallFailureRate" | "successRate"
> &
  Partial<Pick<FailureStatsResponse, "bounceRate" | "rejectionRate" | "breakdown" | "recentFailures" | "byCategory">>;

/** The spec's fallback: failure statistics that cannot be read give way to the basic counts. */
function fromSummary(s: DashboardSummary): PanelData {
  const stats = { total: s.totalEmails, sent: s.emailsSent, failed: s.failedEmails };
  return {
    ...stats,
    band: failureBand(stats),
    overallFailureRate: failureRate(stats),
    successRate: successRate(stats),
  };
}

function Banner({ data }: { data: PanelData }) {
  const banner = failureBanner(data.band, data.overallFailureRate);
  const style = toneStyles[banner.tone];
  const Icon = style.icon;
  return (
    <div className={cn("flex gap-3 rounded-lg border p-4", style.box)} data-band={data.band}>
      <Icon className={cn("mt-0.5 size-5 shrink-0", toneIcon[banner.tone])} aria-hidden />
      <div className="space-y-1">
        <p className="font-semibold">{banner.title}</p>
        <p className="text-sm">{banner.description}</p>
      </div>
    </div>
  );
}

function Bar({
  label,
  count,
  total,
  value,
  tone,
}: {
  label: string;
  count: number;
  total: number;
  value: number;
  tone: "success" | "failure";
}) {
  const id = useId();
  return (
    <div className="space-y-1.5">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={id} className="font-medium">
          {label}
        </span>
        <span className="text-muted-foreground tabular-nums">
          {n(count)} of {n(total)} ({value}%)
        </span>
      </div>
      <Progress
        value={value}
        aria-labelledby={id}
        aria-valuetext={`${value}%`}
        className={cn(
          tone === "success"
            ? "bg-success/20 [&_[data-slot=progress-indicator]]:bg-success"
            : "bg-destructive/20 [&_[data-slot=progress-indicator]]:bg-destructive",
        )}
      />
    </div>
  );
}

function Breakdown({ data, wide }: { data: PanelData; wide: boolean }) {
  const cells = data.breakdown ?? [];
  if (cells.length === 0 || !data.byCategory) return null;
  const hidden = data.byCategory.domain_issue + data.byCategory.content_filtered + data.byCategory.other;
  return (
    <section aria-labelledby="failure-breakdown-title" className="space-y-3">
      <h3 id="failure-breakdown-title" className="font-semibold text-sm">
        Failure Breakdown
      </h3>
      <ul className={cn("grid grid-cols-2 gap-3 sm:grid-cols-4", !wide && "lg:grid-cols-2 2xl:grid-cols-4")}>
        {cells.map((c) => (
          <li key={c.category} className="rounded-lg border bg-muted/30 p-3">
            <p className="font-medium text-sm">{c.label}</p>
            <p className="font-semibold text-destructive text-xl tabular-nums">{n(c.count)}</p>
            <p className="text-muted-foreground text-xs">{c.hint}</p>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="text-muted-foreground text-xs">
          {n(hidden)} other {hidden === 1 ? "failure" : "failures"} (domain issues, content filtered or unknown) not
          shown here.
        </p>
      )}
    </section>
  );
}

function RecentFailures({ failures }: { failures: NonNullable<PanelData["recentFailures"]> }) {
  if (failures.length === 0) return null;
  return (
    <section aria-labelledby="recent-failures-title" className="min-w-0 space-y-3">
      <h3 id="recent-failures-title" className="font-semibold text-sm">
        Recent Failures
      </h3>
      <ul aria-label="Recent Failures" className="divide-y rounded-lg border">
        {failures.map((f) => (
          <li key={f.id} className="space-y-1 p-3">
            <div className="flex min-w-0 items-center gap-2">
              <Badge variant="outline" className="border-destructive/40 text-destructive">
                {f.categoryLabel}
              </Badge>
              <span className="min-w-0 truncate font-medium text-sm" title={f.contactEmail}>
                {f.contactEmail}
              </span>
            </div>
            <p className="flex flex-wrap gap-x-2 text-muted-foreground text-xs">
              <span>{f.campaignName ?? "Direct email"}</span>
              <span aria-hidden>·</span>
              <time dateTime={f.createdAt} className="tabular-nums">
                {formatDayTime(new Date(f.createdAt))}
              </time>
            </p>
            <p className="text-xs">
              <span className="font-medium">Reason: </span>
              {f.reason}
            </p>
            {f.errorSummary && (
              <p className="line-clamp-2 break-words text-muted-foreground text-xs" title={f.errorSummary}>
                {f.errorSummary}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function LoadingState() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading failure statistics">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="space-y-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-14" />
          </div>
        ))}
      </div>
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-2 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

export function FailureRatePanel({
  stats,
  summary,
  loading,
  failed,
  fetching,
  onRefresh,
}: {
  stats: FailureStatsResponse | undefined;
  summary: DashboardSummary | undefined;
  loading: boolean;
  failed: boolean;
  fetching: boolean;
  onRefresh: () => void;
}) {
  const titleId = useId();
  const data: PanelData | undefined = stats ?? (failed && summary ? fromSummary(summary) : undefined);
  const dash = (value: number | undefined) => (value === undefined ? "—" : `${value}%`);
  const hasRecent = (data?.recentFailures?.length ?? 0) > 0;

  return (
    <Card role="region" aria-labelledby={titleId} className="gap-5">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-4 text-primary" aria-hidden />
          <h2 id={titleId}>Email Failure Rate</h2>
        </CardTitle>
        <CardDescription>Delivery health of all your emails</CardDescription>
        <CardAction>
          <Button
            variant="outline"
            size="sm"
            onClick={onRefresh}
            disabled={fetching}
            aria-label="Refresh failure statistics"
          >
            <RefreshCw aria-hidden className={cn(fetching && "animate-spin")} /> Refresh
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-5">
        {loading && <LoadingState />}
        {!loading && !data && failed && (
          <p role="alert" className="text-destructive text-sm">
            Failed to load dashboard data
          </p>
        )}
        {data?.band === "none" && (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <MailX className="size-8 text-muted-foreground" aria-hidden />
            <p className="font-semibold">{NO_EMAILS_TITLE}</p>
            <p className="max-w-sm text-muted-foreground text-sm">{NO_EMAILS_DESCRIPTION}</p>
          </div>
        )}
        {data && data.band !== "none" && (
          <div className={cn("grid gap-6", hasRecent && "lg:grid-cols-2")}>
            <div className="min-w-0 space-y-5">
              <div
                className={cn("grid grid-cols-2 gap-4 sm:grid-cols-4", hasRecent && "lg:grid-cols-2 2xl:grid-cols-4")}
              >
                <Figure
                  label="Overall Failure Rate"
                  value={`${data.overallFailureRate}%`}
                  valueClassName={cn(
                    data.band === "high" && "text-destructive",
                    data.band === "moderate" && "text-warning-foreground dark:text-warning",
                  )}
                />
                <Figure label="Success Rate" value={`${data.successRate}%`} />
                <Figure label="Bounce Rate" value={dash(data.bounceRate)} />
                <Figure label="Rejection Rate" value={dash(data.rejectionRate)} />
              </div>
              <div className="space-y-3">
                <Bar
                  label="Delivered"
                  count={data.sent}
                  total={data.total}
                  value={barPercent(data.sent, data.total)}
                  tone="success"
                />
                <Bar
                  label="Failed"
                  count={data.failed}
                  total={data.total}
                  value={barPercent(data.failed, data.total)}
                  tone="failure"
                />
              </div>
              <Banner data={data} />
              <Breakdown data={data} wide={!hasRecent} />
            </div>
            {hasRecent && <RecentFailures failures={data.recentFailures ?? []} />}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
