// A lead's status where a list shows it read-only (the Contacts table): its
// label, and 'Suggested' when the app read it from a reply.
import type { LeadStatusSummary } from "#shared/lead-status/lead-status.schemas.ts";
import { leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { Badge } from "#web/components/ui/badge.tsx";

export function LeadStatusBadge({ value }: { value: LeadStatusSummary }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge variant={value.status === "new" ? "outline" : "secondary"}>{leadStatusLabels[value.status]}</Badge>
      {value.suggested && (
        <Badge variant="warning" className="text-[10px]">
          Suggested
        </Badge>
      )}
    </span>
  );
}
