// /campaigns-overview (docs/product.md §4.3): a card per
// campaign with Total Emails, Open Rate, Sent, Launched and Ended dates,
// 'Opened: x of y' and an open-rate bar capped at 100%. The figures come from
// the campaign list (campaigns joined to their counters, one query), fetched
// again each time the screen opens; the search filters it in the browser (a
// user has about a hundred campaigns).

import { format } from "date-fns";
import { FolderKanban, Pencil, Plus, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import { campaignOverviewFigures } from "#shared/campaigns/campaign-overview.ts";
import type { CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import { NOT_TRACKED, NOT_TRACKED_EXPLANATION } from "#shared/sending/tracking-text.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { CampaignStatusBadge } from "../campaign-status-badge.tsx";
import { matchesCampaignSearch } from "./campaign-search.ts";
import { useCampaignsOverview } from "./use-campaigns-overview.ts";

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");

function Figure({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="rounded-lg bg-muted/50 px-3 py-2">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="font-semibold text-lg tabular-nums">{value}</dd>
    </div>
  );
}

function CampaignCard({ campaign }: { campaign: CampaignSummary }) {
  const f = campaignOverviewFigures(campaign);
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="truncate font-semibold text-lg" title={campaign.name}>
              {campaign.name}
            </h2>
            <CampaignStatusBadge status={f.status} />
          </div>
          {campaign.description && <p className="line-clamp-2 text-muted-foreground text-sm">{campaign.description}</p>}
        </div>
        <Button variant="outline" size="sm" className="shrink-0" asChild>
          <Link to={`/campaigns/edit/${campaign.id}`} aria-label={`Edit ${campaign.name}`}>
            <Pencil aria-hidden /> Edit
          </Link>
        </Button>
      </div>
      <dl className="grid grid-cols-3 gap-2">
        <Figure label="Total Emails" value={f.totalEmails} />
        <Figure
          label="Open Rate"
          value={f.openRate === null ? <span title={NOT_TRACKED_EXPLANATION}>{NOT_TRACKED}</span> : `${f.openRate}%`}
        />
        <Figure label="Sent" value={f.sent} />
      </dl>
      <div className="space-y-2">
        <div className="flex flex-wrap justify-between gap-x-4 gap-y-1 text-muted-foreground text-xs">
          {f.opened === null ? (
            <span>{NOT_TRACKED_EXPLANATION}</span>
          ) : (
            <span>
              Opened: {f.opened} of {f.sent}
            </span>
          )}
          <span className="flex flex-wrap gap-x-3">
            <span>Launched: {campaign.launchedAt ? day(campaign.launchedAt) : "Not launched"}</span>
            {f.endedAt && <span>Ended: {day(f.endedAt)}</span>}
          </span>
        </div>
        {f.openRate !== null && <Progress value={f.openBar} aria-label={`Open rate of ${campaign.name}`} />}
      </div>
    </li>
  );
}

function LoadingCards() {
  return (
    <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3" role="status" aria-label="Loading campaigns">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-60 rounded-xl" />
      ))}
    </div>
  );
}

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <FolderKanban className="size-10 text-muted-foreground" aria-hidden />
        {searching ? (
          <>
            <h2 className="font-semibold text-lg">No campaigns found</h2>
            <p className="text-muted-foreground text-sm">Try adjusting your search terms</p>
          </>
        ) : (
          <>
            <h2 className="font-semibold text-lg">No campaigns yet</h2>
            <p className="text-muted-foreground text-sm">Create a campaign to start reaching out.</p>
            <Button asChild>
              <Link to="/campaigns/create">
                <Plus aria-hidden /> Create Campaign
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function CampaignsOverviewPage() {
  const list = useCampaignsOverview();
  const [search, setSearch] = useState("");
  const all = list.data?.campaigns ?? [];
  const shown = all.filter((c) => matchesCampaignSearch(c, search));

  return (
    <>
      <PageHeader
        title="Campaigns"
        actions={
          <Button asChild>
            <Link to="/campaigns/create">
              <Plus aria-hidden /> Create Campaign
            </Link>
          </Button>
        }
      />
      <div className="relative mb-4 max-w-md">
        <SearchInput
          label="Search campaigns"
          placeholder="Search campaigns..."
          value={search}
          onValueChange={setSearch}
        />
      </div>

      {list.isPending && <LoadingCards />}
      {list.isError && !list.data && (
        <Card>
          <CardContent role="alert" className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium text-destructive">Failed to load campaign statistics</p>
              <p className="text-muted-foreground text-sm">{list.error.message}</p>
            </div>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </CardContent>
        </Card>
      )}
      {list.data && shown.length === 0 && <EmptyState searching={search.trim() !== "" && all.length > 0} />}
      {shown.length > 0 && (
        <ul aria-label="Campaigns" className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
          {shown.map((c) => (
            <CampaignCard key={c.id} campaign={c} />
          ))}
        </ul>
      )}
    </>
  );
}
