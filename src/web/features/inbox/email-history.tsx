// A group's email history (docs/product.md §14.1): for each email, newest first,
// its subject and status, from, campaign, sent and opened times, the message,
// the error details with troubleshooting hints, and Reply / New Email, which
// open Compose prefilled. Virtualised like the Inbox list it sits in: an
// address with hundreds of direct sends keeps a few in the DOM. Older pages
// load on the button only: loading them on scroll would keep the user inside
// one card, never reaching the next contact.
import { Mail, Reply } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { Link } from "react-router";
import { newEmailHref, replyHref } from "#shared/inbox/compose-prefill.ts";
import type { InboxSend } from "#shared/inbox/inbox.schemas.ts";
import { campaignLabel, senderLabel } from "#shared/inbox/inbox-labels.ts";
import {
  type EmailDisplayStatus,
  emailDisplayStatus,
  emailDisplayStatusLabels,
} from "#shared/reporting/display-status.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { VirtualList, type VirtualRowProps } from "#web/components/virtual-list.tsx";
import { ErrorDetailsPanel } from "./error-details-panel.tsx";
import { dateTime } from "./format.ts";
import { type GroupSelector, useGroupHistory } from "./use-inbox.ts";

const statusVariant: Record<EmailDisplayStatus, BadgeProps["variant"]> = {
  opened: "success",
  sent: "secondary",
  failed: "destructive",
  pending: "outline",
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 gap-1">
      <dt className="shrink-0 text-muted-foreground">{label}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

function SendItem({ send, row }: { send: InboxSend; row: VirtualRowProps }) {
  const status = emailDisplayStatus(send);
  return (
    <li {...row} className="space-y-3 rounded-lg border bg-background p-4" aria-label={send.subject || "(no subject)"}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h4 className="min-w-0 break-words font-medium">{send.subject || "(no subject)"}</h4>
        <Badge variant={statusVariant[status]}>{emailDisplayStatusLabels[status]}</Badge>
      </div>
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <Field label="From">{senderLabel(send.fromEmail)}</Field>
        <Field label="Campaign">
          {campaignLabel(send.campaignName)}
          {send.stepNumber !== null && <span className="text-muted-foreground"> · Step {send.stepNumber}</span>}
        </Field>
        <Field label={send.sentAt ? "Sent" : "Date"}>{dateTime(send.sentAt ?? send.createdAt)}</Field>
        <Field label="Opened">{send.openedAt ? dateTime(send.openedAt) : "Not opened"}</Field>
      </dl>
      {send.message && (
        <div className="max-h-48 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm">
          {send.message}
        </div>
      )}
      {send.error && <ErrorDetailsPanel error={send.error} reason={send.reason} level={5} />}
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm" variant="outline">
          <Link to={replyHref(send)}>
            <Reply aria-hidden /> Reply
          </Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={newEmailHref(send)}>
            <Mail aria-hidden /> New Email
          </Link>
        </Button>
      </div>
    </li>
  );
}

export function EmailHistory({ selector }: { selector: GroupSelector }) {
  const history = useGroupHistory(selector, true);
  if (history.isPending) {
    return (
      <div className="space-y-3" role="status" aria-label="Loading email history">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-28 w-full" />
      </div>
    );
  }
  if (history.isError) {
    return <LoadFailed message={"Failed to fetch sent emails"} onRetry={() => void history.refetch()} />;
  }
  return (
    <div className="space-y-3">
      <SendList pages={history.data.pages} />
      <LoadMoreButton pages={history} label="Load older emails" />
    </div>
  );
}

const sendKey = (send: InboxSend) => send.id;

function SendList({ pages }: { pages: readonly { sends: InboxSend[] }[] }) {
  // The same array between renders: the virtualised list recomputes its layout when it changes.
  const sends = useMemo(() => pages.flatMap((p) => p.sends), [pages]);
  if (sends.length === 0) return <p className="text-muted-foreground text-sm">No emails sent yet</p>;
  return (
    <VirtualList
      aria-label="Emails sent"
      items={sends}
      itemKey={sendKey}
      estimateSize={220}
      gap={12}
      renderRow={(send, row) => <SendItem send={send} row={row} />}
    />
  );
}
