import { campaignStatusLabel } from "#shared/campaigns/campaign-status.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";

const variants: Record<string, BadgeProps["variant"]> = {
  draft: "secondary",
  active: "success",
  paused: "warning",
  completed: "default",
};

export function CampaignStatusBadge({ status }: { status: string }) {
  return <Badge variant={variants[status] ?? "outline"}>{campaignStatusLabel(status)}</Badge>;
}
