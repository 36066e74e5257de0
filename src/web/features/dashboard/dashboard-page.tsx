import { Plus, RefreshCw } from "lucide-react";
import { Link } from "react-router";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { CampaignRow } from "../campaigns/campaign-row.tsx";
import { useCampaignList } from "../campaigns/use-campaigns.ts";

/**
 * The dashboard. This release has the campaign list and its actions; the
 * performance figures, failure-rate panel and mail-sync card come with reporting.
 */
export function DashboardPage() {
  const list = useCampaignList();
  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle="Monitor your cold email campaigns and performance"
        actions={
          <Button variant="outline" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RefreshCw aria-hidden className={cn(list.isFetching && "animate-spin")} /> Refresh
          </Button>
        }
      />
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
    </>
  );
}
