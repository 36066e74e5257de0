import { Plus, RefreshCw } from "lucide-react";
import { memo, useCallback, useDeferredValue, useEffect } from "react";
import { Link } from "react-router";
import type { CampaignList } from "#shared/campaigns/campaigns.schemas.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { ProtectionBanner } from "../bounce-protection/protection-banner.tsx";
import { CampaignRow } from "../campaigns/campaign-row.tsx";
import { useCampaignList } from "../campaigns/use-campaigns.ts";
import { ActivityChart } from "./activity-chart.tsx";
import { DashboardFigures } from "./dashboard-figures.tsx";
import { FailureRatePanel } from "./failure-rate-panel.tsx";
import { MailSyncCard } from "./mail-sync-card.tsx";
import {
  useDashboardActivity,
  useDashboardSummary,
  useFailureStats,
  useMailSyncStatus,
  useRefreshDashboard,
} from "./use-dashboard.ts";

/**
 * The dashboard (docs/product.md §3): what bounce protection paused (with
 * Resume), figures, a 30-day activity chart, the
 * failure-rate panel, the mail-sync card and the campaign rows. Refresh
 * refetches every query of the page instead of reloading it.
 *
 * Each section reads its own query: one query's answer (or a fetch starting
 * or ending) re-renders that section, not the whole page. And each renders
 * its answer as a deferred value: React Query's store updates render
 * synchronously, in one task for the whole section, where a deferred render
 * yields to the browser every few milliseconds (a slow phone stays responsive
 * while the figures, the chart and the campaign rows appear).
 */
export function DashboardPage() {
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Monitor your cold email campaigns and performance"
        actions={<RefreshButton />}
      />
      <LoadFailedToast />
      <div className="space-y-6">
        <ProtectionBanner />
        <Figures />
        <Activity />
        <Failures />
        <MailSync />
        <Campaigns />
      </div>
    </>
  );
}

function RefreshButton() {
  const { refresh, fetching } = useRefreshDashboard();
  return (
    <Button variant="outline" onClick={() => void refresh()} disabled={fetching}>
      <RefreshCw aria-hidden className={cn(fetching && "animate-spin")} /> Refresh
    </Button>
  );
}

/**
 * One toast for the page, whichever part failed. Failure statistics fall
 * back to the basic counts instead (docs/product.md §3.1), unless those failed too.
 */
function LoadFailedToast() {
  const summary = useDashboardSummary();
  const failures = useFailureStats();
  const activity = useDashboardActivity();
  const mailSync = useMailSyncStatus();
  const loadFailed = summary.isError || activity.isError || mailSync.isError || (failures.isError && !summary.data);
  useEffect(() => {
    if (!loadFailed) return;
    console.warn("dashboard data failed to load", summary.error ?? activity.error ?? mailSync.error ?? failures.error);
    toast.error("Error", { id: "dashboard-load-failed", description: "Failed to load dashboard data" });
  }, [loadFailed, summary.error, activity.error, mailSync.error, failures.error]);
  return null;
}

// The sections, memoised: a render with the previous deferred value stops here.
const FiguresView = memo(DashboardFigures);
const ActivityView = memo(ActivityChart);
const FailuresView = memo(FailureRatePanel);
const MailSyncView = memo(MailSyncCard);
const CampaignsView = memo(CampaignsCard);

function Figures() {
  const summary = useDeferredValue(useDashboardSummary());
  return <FiguresView summary={summary.data} loading={summary.isPending} />;
}

function Activity() {
  const activity = useDeferredValue(useDashboardActivity());
  return <ActivityView data={activity.data} loading={activity.isPending} failed={activity.isError} />;
}

function Failures() {
  const failures = useDeferredValue(useFailureStats());
  const summary = useDeferredValue(useDashboardSummary());
  const { refetch } = failures;
  const onRefresh = useCallback(() => void refetch(), [refetch]);
  return (
    <FailuresView
      stats={failures.data}
      summary={summary.data}
      loading={failures.isPending}
      failed={failures.isError}
      fetching={failures.isFetching}
      onRefresh={onRefresh}
    />
  );
}

function MailSync() {
  const mailSync = useDeferredValue(useMailSyncStatus());
  return <MailSyncView status={mailSync.data} loading={mailSync.isPending} failed={mailSync.isError} />;
}

function Campaigns() {
  const list = useDeferredValue(useCampaignList());
  return <CampaignsView data={list.data} loading={list.isPending} failed={list.isError} />;
}

function CampaignsCard({ data, loading, failed }: { data?: CampaignList; loading: boolean; failed: boolean }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Your Campaigns</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {loading && <Spinner label="Loading campaigns..." />}
        {failed && (
          <div role="alert" className="space-y-2">
            <p className="font-medium text-destructive">Error</p>
            <p className="text-sm">Failed to fetch campaigns data</p>
          </div>
        )}
        {data && data.campaigns.length === 0 && (
          <div className="flex flex-col items-center gap-3 py-10 text-center">
            <p className="font-medium">No campaigns yet</p>
            <p className="text-muted-foreground text-sm">Create a campaign to start reaching out.</p>
            <Button asChild>
              <Link to="/campaigns/create">
                <Plus aria-hidden /> Create Campaign
              </Link>
            </Button>
          </div>
        )}
        {data && data.campaigns.length > 0 && (
          <ul className="space-y-3" aria-label="Your Campaigns">
            {data.campaigns.map((c) => (
              <CampaignRow key={c.id} campaign={c} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
