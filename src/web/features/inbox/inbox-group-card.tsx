// One Inbox group (docs/product.md §14.1): a contact (or the address of direct
// sends) with its Sent / Opened / Failed / Replied counters, an expandable
// email history and an expandable Replies list. A row of the virtualised
// Inbox list: the page says which panels are open (see open-panels.ts).
import { ChevronDown, History, MessageSquareReply, Tags } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { InboxGroup } from "#shared/inbox/inbox.schemas.ts";
import { groupTitle } from "#shared/inbox/inbox-labels.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card } from "#web/components/ui/card.tsx";
import type { VirtualRowProps } from "#web/components/virtual-list.tsx";
import { LeadStatusControl } from "#web/features/lead-status/lead-status-control.tsx";
import { LeadStatusHistory } from "#web/features/lead-status/lead-status-history.tsx";
import { cn } from "#web/lib/cn.ts";
import { EmailHistory } from "./email-history.tsx";
import { dateTime } from "./format.ts";
import type { GroupPanel } from "./open-panels.ts";
import { RepliesList } from "./replies-list.tsx";
import { selectorOf } from "./use-inbox.ts";

const counters = [
  { key: "sent", label: "Sent", tone: "" },
  { key: "opened", label: "Opened", tone: "text-success" },
  { key: "failed", label: "Failed", tone: "text-destructive" },
  { key: "replied", label: "Replied", tone: "text-primary" },
] as const;

function Toggle(props: { open: boolean; onToggle: () => void; controls: string; children: ReactNode }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-expanded={props.open}
      aria-controls={props.controls}
      onClick={props.onToggle}
    >
      {props.children}
      <ChevronDown aria-hidden className={cn("transition-transform", props.open && "rotate-180")} />
    </Button>
  );
}

type InboxGroupCardProps = {
  group: InboxGroup;
  row: VirtualRowProps;
  historyOpen: boolean;
  repliesOpen: boolean;
  statusOpen: boolean;
  onToggle: (panel: GroupPanel) => void;
};

export function InboxGroupCard({ group, row, historyOpen, repliesOpen, statusOpen, onToggle }: InboxGroupCardProps) {
  const titleId = useId();
  const historyId = useId();
  const repliesId = useId();
  const statusId = useId();
  const title = groupTitle(group);
  const selector = selectorOf(group);

  return (
    <li {...row} aria-labelledby={titleId} className="list-none">
      <Card className="gap-4 py-4">
        <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-3 px-5">
          <div className="min-w-0 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id={titleId} className="break-all font-semibold">
                {title}
              </h2>
              {group.repliedAt && <Badge variant="success">Replied</Badge>}
            </div>
            {title !== group.email && <p className="break-all text-muted-foreground text-sm">{group.email}</p>}
            {/* A lead is a contact's address: direct sends to someone who is no contact have none. */}
            {group.contactId && (
              <LeadStatusControl email={group.email} value={group.leadStatus} describedBy={titleId} />
            )}
            <p className="text-muted-foreground text-xs">
              {[
                group.company,
                group.contactId ? group.campaignName : "Sent with Compose",
                `Last activity ${dateTime(group.lastActivityAt)}`,
              ]
                .filter(Boolean)
                .join(" · ")}
            </p>
          </div>
          <dl className="grid grid-cols-4 gap-2 text-center" aria-label={`Counters for ${title}`}>
            {counters.map((c) => (
              <div key={c.key} className="min-w-16 rounded-md border px-2 py-1.5">
                <dt className="text-muted-foreground text-xs">{c.label}</dt>
                <dd className={cn("font-semibold text-lg tabular-nums", group[c.key] > 0 && c.tone)}>
                  {group[c.key].toLocaleString()}
                </dd>
              </div>
            ))}
          </dl>
        </div>
        <div className="flex flex-wrap gap-1 border-t px-3 pt-2">
          <Toggle open={historyOpen} onToggle={() => onToggle("history")} controls={historyId}>
            <History aria-hidden /> Email History
          </Toggle>
          <Toggle open={repliesOpen} onToggle={() => onToggle("replies")} controls={repliesId}>
            <MessageSquareReply aria-hidden /> Replies ({group.replied.toLocaleString()})
          </Toggle>
          {group.contactId && (
            <Toggle open={statusOpen} onToggle={() => onToggle("status")} controls={statusId}>
              <Tags aria-hidden /> Status history
            </Toggle>
          )}
        </div>
        {historyOpen && (
          <section id={historyId} aria-label={`Email history of ${title}`} className="space-y-2 px-5">
            <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Email History</h3>
            <EmailHistory selector={selector} />
          </section>
        )}
        {statusOpen && group.contactId && (
          <section id={statusId} aria-label={`Status history of ${title}`} className="space-y-2 px-5">
            <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Status history</h3>
            <LeadStatusHistory email={group.email} />
          </section>
        )}
        {repliesOpen && (
          <section id={repliesId} aria-label={`Replies from ${title}`} className="space-y-2 px-5">
            <h3 className="font-medium text-muted-foreground text-xs uppercase tracking-wide">Replies</h3>
            <RepliesList selector={selector} />
          </section>
        )}
      </Card>
    </li>
  );
}
