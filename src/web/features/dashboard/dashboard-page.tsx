import { Plus, RefreshCw } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
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
 * The dashboard (spec part 1 §2): figures, a 30-day activity chart, the
 * failure-rate panel, the mail-sync card and the campaign rows. Refresh
 * refetches every query of the page instead of reloading it.
 */
export function DashboardPage() {
  const list = useCampaignList();
  const summary = useDashboardSummary();
  const failures = useFailureStats();
  const activity = useDashboardActivity();
  const mailSync = useMailSyncStatus();
  const { refresh, fetching } = useRefreshDashboard();

  // One toast for the page, whichever part failed. Failure statistics fall
  // back to the basic counts instead (spec part 1 §8), unless those failed too.
  const loadFailed = summary.isError || activity.isError || mailSync.isError || (failures.isError && !summary.data);
  useEffect(() => {
    if (!loadFailed) return;
    console.warn("dashboard data failed to load", summary.error ?? activity.error ?? mailSync.error ?? failures.error);
    toast.error("Error", { id: "dashboard-load-failed", description: "Failed to load dashboard data" });
  }, [loadFailed, summary.error, activity.error, mailSync.error, failures.error]);

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Monitor your cold email campaigns and performance"
        actions={
          <Button variant="outline" onClick={() => void refresh()} disabled={fetching}>
            <RefreshCw aria-hidden className={cn(fetching && "animate-spin")} /> Refresh
          </Button>
        }
      />
      <div className="space-y-6">
        <DashboardFigures summary={summary.data} loading={summary.isPending} />
        <ActivityChart data={activity.data} loading={activity.isPending} failed={activity.isError} />
        <FailureRatePanel
          stats={failures.data}
          summary={summary.data}
          loading={failures.isPending}
          failed={failures.isError}
          fetching={failures.isFetching}
          onRefresh={() => void failures.refetch()}
        />
        <MailSyncCard status={mailSync.data} loading={mailSync.isPending} failed={mailSync.isError} />
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Your Campaigns</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {list.isPending && <Spinner label="Loading campaigns..." />}
            {list.isError && (
              <div role="alert" className="space-y-2">
                <p className="font-medium text-destructive">Error</p>
                <p className="text-sm">Failed to fetch campaigns data</p>
              </div>
            )}
            {list.data && list.data.campaigns.length === 0 && (
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
            {list.data && list.data.campaigns.length > 0 && (
              <ul className="space-y-3" aria-label="Your Campaigns">
                {list.data.campaigns.map((c) => (
                  <CampaignRow key={c.id} campaign={c} />
                ))}
              </ul>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}
