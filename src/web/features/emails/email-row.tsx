import { format } from "date-fns";
import { Pencil } from "lucide-react";
import { Link } from "react-router";
import type { EmailListItem } from "#shared/emails/emails.schemas.ts";
import { recipientLabel } from "#shared/emails/recipient-label.ts";
import {
  type EmailDisplayStatus,
  emailDisplayStatus,
  emailDisplayStatusLabels,
} from "#shared/reporting/display-status.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import type { VirtualRowProps } from "#web/components/virtual-list.tsx";

const variants: Record<EmailDisplayStatus, BadgeProps["variant"]> = {
  opened: "success",
  sent: "default",
  failed: "destructive",
  pending: "warning",
};

const when = (iso: string) => format(new Date(iso), "MMM d, yyyy h:mm a");

export function EmailStatusBadge({ status }: { status: EmailDisplayStatus }) {
  return <Badge variant={variants[status]}>{emailDisplayStatusLabels[status]}</Badge>;
}

/**
 * One email: subject, 'To:', campaign, sent and opened dates, status, and
 * 'Edit Campaign' — only for a campaign's email (a direct email has none).
 * A row of the virtualised list: `row` places and measures it.
 */
export function EmailRow({ email, row }: { email: EmailListItem; row: VirtualRowProps }) {
  const status = emailDisplayStatus(email);
  return (
    <li
      {...row}
      className="flex flex-col gap-3 rounded-lg border bg-card p-4 md:flex-row md:items-center md:justify-between"
    >
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate font-semibold" title={email.subject}>
            {email.subject || "(no subject)"}
          </h2>
          <EmailStatusBadge status={status} />
        </div>
        <p className="flex min-w-0 flex-wrap gap-x-4 gap-y-1 text-sm">
          <span className="min-w-0 truncate">
            <span className="text-muted-foreground">To:</span> {recipientLabel(email)}
          </span>
          <span className="min-w-0 truncate text-muted-foreground">
            {email.campaignName ?? "Direct email (no campaign)"}
          </span>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-muted-foreground text-xs">
          {email.sentAt ? <span>Sent {when(email.sentAt)}</span> : <span>Not sent</span>}
          {email.openedAt && <span>Opened {when(email.openedAt)}</span>}
        </p>
      </div>
      {email.campaignId && (
        <Button variant="outline" size="sm" className="shrink-0 self-start md:self-center" asChild>
          <Link
            to={`/campaigns/edit/${email.campaignId}`}
            aria-label={`Edit Campaign ${email.campaignName ?? ""}`.trim()}
          >
            <Pencil aria-hidden /> Edit Campaign
          </Link>
        </Button>
      )}
    </li>
  );
}
