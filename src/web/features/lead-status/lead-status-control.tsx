// The lead status control (docs/product.md §24): a select labelled 'Lead
// status' (one click, or Enter, opens it; arrows and Enter choose), a
// 'Suggested' marker when the app read the status from a reply, and
// 'Confirm' beside it: one click makes the suggestion the user's own. The
// result is announced politely; a failure keeps the status shown and says so.
import { useId, useState } from "react";
import { leadStatuses } from "#shared/db-enums.ts";
import type { LeadStatusSummary } from "#shared/lead-status/lead-status.schemas.ts";
import { leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { useSetLeadStatus } from "./use-lead-status.ts";

export function LeadStatusControl({
  email,
  value,
  describedBy,
}: {
  email: string;
  value: LeadStatusSummary;
  /** The id of what names the lead (a card's title), read after the label. */
  describedBy?: string;
}) {
  const setStatus = useSetLeadStatus();
  const [announcement, setAnnouncement] = useState("");
  const suggestedId = useId();
  // While a change is on its way the new value shows; a failure goes back to the stored one.
  const shown = setStatus.isPending && setStatus.variables ? setStatus.variables.status : value.status;
  const suggested = value.suggested && !setStatus.isPending;

  function choose(status: LeadStatusSummary["status"]) {
    setAnnouncement("");
    setStatus.mutate(
      { email, status },
      {
        onSuccess: (lead) => setAnnouncement(`Lead status set to ${leadStatusLabels[lead.status]}`),
        onError: (err) => setAnnouncement(`Could not set the lead status: ${err.message}`),
      },
    );
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <Select value={shown} onValueChange={(s) => choose(s as LeadStatusSummary["status"])}>
        <SelectTrigger
          size="sm"
          aria-label="Lead status"
          aria-describedby={[describedBy, suggested ? suggestedId : undefined].filter(Boolean).join(" ") || undefined}
          disabled={setStatus.isPending}
          className="min-w-36"
        >
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {leadStatuses.map((s) => (
            <SelectItem key={s} value={s}>
              {leadStatusLabels[s]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {suggested && (
        <>
          <Badge id={suggestedId} variant="warning" title="Read from a reply by the app: confirm it or choose another">
            Suggested
          </Badge>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Confirm ${leadStatusLabels[value.status]}`}
            onClick={() => choose(value.status)}
          >
            Confirm
          </Button>
        </>
      )}
      <span className="sr-only" aria-live="polite">
        {announcement}
      </span>
      {setStatus.isError && (
        <span role="alert" className="text-destructive text-xs">
          Could not set the status
        </span>
      )}
    </div>
  );
}
