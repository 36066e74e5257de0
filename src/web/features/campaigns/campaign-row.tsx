import { Pause, Pencil, Play, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { statusToggle } from "#shared/campaigns/campaign-status.ts";
import type { CampaignSummary } from "#shared/campaigns/campaigns.schemas.ts";
import { NOT_TRACKED, NOT_TRACKED_EXPLANATION } from "#shared/sending/tracking-text.ts";
import { LazyConfirmDialog } from "#web/components/lazy-confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { formatDay } from "#web/lib/date-format.ts";
import { toast } from "#web/lib/toast.ts";
import { CampaignStatusBadge } from "./campaign-status-badge.tsx";
import { CloneCampaignButton } from "./clone-campaign-button.tsx";
import { useDeleteCampaign, useSetCampaignStatus } from "./use-campaigns.ts";

const day = (iso: string) => formatDay(new Date(iso));

/** A 'Your Campaigns' row: details, counters, status, and Edit / Clone / Pause or Activate / Delete. */
export function CampaignRow({ campaign }: { campaign: CampaignSummary }) {
  const setStatus = useSetCampaignStatus();
  const remove = useDeleteCampaign();
  // The status and its toggle as every screen shows them (derived by the server): Completed has none.
  const toggle = statusToggle(campaign.displayStatus);
  const updated = day(campaign.updatedAt) !== day(campaign.createdAt);

  function changeStatus(status: "active" | "paused") {
    setStatus.mutate(
      { id: campaign.id, status },
      {
        onSuccess: () =>
          toast.success(status === "active" ? "Campaign activated successfully" : "Campaign deactivated successfully"),
        onError: (err) => {
          console.warn("status change failed", err);
          toast.error("Failed to update campaign status", { description: err.message });
        },
      },
    );
  }

  async function deleteCampaign() {
    try {
      await remove.mutateAsync(campaign.id);
      toast.success("Campaign deleted successfully");
    } catch (err) {
      console.warn("delete failed", err);
      toast.error("Failed to delete campaign", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 md:flex-row md:items-center md:justify-between">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="truncate font-semibold">{campaign.name}</h3>
          <CampaignStatusBadge status={campaign.displayStatus} />
        </div>
        {campaign.description && <p className="line-clamp-2 text-muted-foreground text-sm">{campaign.description}</p>}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
          <span>Created {day(campaign.createdAt)}</span>
          {updated && <span>Updated {day(campaign.updatedAt)}</span>}
          <span>{campaign.contactCount} contacts</span>
          <span>{campaign.scheduledCount} scheduled</span>
          {campaign.unknownCount > 0 && (
            <Link
              to={`/campaigns/edit/${campaign.id}`}
              className="font-medium text-amber-700 underline-offset-2 hover:underline dark:text-amber-400"
            >
              {campaign.unknownCount} awaiting your decision
            </Link>
          )}
          {campaign.opensTracked ? (
            <span>
              {campaign.openedCount}/{campaign.sentCount} opened/sent
            </span>
          ) : (
            <span title={NOT_TRACKED_EXPLANATION}>
              {NOT_TRACKED}/{campaign.sentCount} opened/sent ({NOT_TRACKED_EXPLANATION.toLowerCase()})
            </span>
          )}
        </p>
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={`/campaigns/edit/${campaign.id}`} aria-label={`Edit ${campaign.name}`}>
            <Pencil aria-hidden /> Edit
          </Link>
        </Button>
        <CloneCampaignButton campaign={campaign} />
        {toggle === "pause" && (
          <Button variant="outline" size="sm" onClick={() => changeStatus("paused")} disabled={setStatus.isPending}>
            <Pause aria-hidden /> Pause
          </Button>
        )}
        {toggle === "activate" && (
          <Button variant="outline" size="sm" onClick={() => changeStatus("active")} disabled={setStatus.isPending}>
            <Play aria-hidden /> Activate
          </Button>
        )}
        <LazyConfirmDialog
          title={`Delete ${campaign.name}?`}
          description="Are you sure you want to delete this campaign? This action cannot be undone."
          confirmLabel="Delete"
          busyLabel="Deleting..."
          onConfirm={deleteCampaign}
          trigger={(open) => (
            <Button variant="outline" size="sm" className="text-destructive" aria-haspopup="dialog" onClick={open}>
              <Trash2 aria-hidden /> Delete
            </Button>
          )}
        />
      </div>
    </li>
  );
}
