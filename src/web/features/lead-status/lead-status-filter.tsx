// 'Filter by lead status' for the Inbox and Contacts lists: all, or one status.

import type { LeadStatus } from "#shared/db-enums.ts";
import { leadStatuses } from "#shared/db-enums.ts";
import { leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";

const ALL = "all";

export function LeadStatusFilter({
  value,
  onChange,
}: {
  value: LeadStatus | undefined;
  onChange: (status: LeadStatus | undefined) => void;
}) {
  return (
    <Select value={value ?? ALL} onValueChange={(v) => onChange(v === ALL ? undefined : (v as LeadStatus))}>
      <SelectTrigger aria-label="Filter by lead status" className="w-full sm:w-48">
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>All lead statuses</SelectItem>
        {leadStatuses.map((s) => (
          <SelectItem key={s} value={s}>
            {leadStatusLabels[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
