// Reply Tracker (/replies; docs/product.md §7): Manual Reply Tracking,
// a search box, the three figures (Total Contacts, Replied with the reply
// rate, No Reply), the Replied Contacts and Awaiting Replies lists (each a
// page at a time from the server; every awaiting row has 'Mark as Replied'),
// and 'All contacts have replied!' when nobody is waiting. Refresh syncs the
// mailboxes first.
import { formatDistanceToNow } from "date-fns";
import { CheckCircle2, Clock, MessageSquareReply, Users } from "lucide-react";
import { type ReactNode, useId, useState } from "react";
import type { ReplyTrackerContact, ReplyTrackerList } from "#shared/mailbox/mailbox.schemas.ts";
import { replyTrackerText as text } from "#shared/mailbox/mailbox.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { Figure } from "../../components/figure.tsx";
import { ManualReplyCard, useMarkRepliedAction } from "./manual-reply-card.tsx";
import { SyncRefreshButton } from "./sync-refresh-button.tsx";
import { useReplyTrackerContacts, useReplyTrackerSummary } from "./use-mailbox.ts";

const number = new Intl.NumberFormat("en-US");

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

function StatCard({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Card className="py-5">
      <CardContent className="flex items-start justify-between gap-3 px-5">
        {children}
        {icon}
      </CardContent>
    </Card>
  );
}

function Figures() {
  const summary = useReplyTrackerSummary();
  const s = summary.data;
  const loading = summary.isPending;
  const show = (value: number | undefined) => (value === undefined ? "—" : number.format(value));
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard icon={<Users className="size-5 text-primary" aria-hidden />}>
        <Figure label="Total Contacts" loading={loading} value={show(s?.totalContacts)} hint="Active contacts" />
      </StatCard>
      <StatCard icon={<CheckCircle2 className="size-5 text-success" aria-hidden />}>
        <Figure
          label="Replied"
          loading={loading}
          value={show(s?.replied)}
          valueClassName="text-success"
          hinted
          hint={s && `${s.replyRate}% reply rate`}
        />
      </StatCard>
      <StatCard icon={<Clock className="size-5 text-muted-foreground" aria-hidden />}>
        <Figure label="No Reply" loading={loading} value={show(s?.noReply)} hint="Awaiting a reply" />
      </StatCard>
    </div>
  );
}

function ContactRow({
  contact,
  list,
  action,
}: {
  contact: ReplyTrackerContact;
  list: ReplyTrackerList;
  action?: ReactNode;
}) {
  const rowId = useId();
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3" aria-labelledby={rowId}>
      <div className="min-w-0 flex-1 space-y-0.5 text-sm">
        <p id={rowId} className="truncate font-medium">
          {contact.name ?? contact.email}
        </p>
        {contact.name && <p className="truncate text-muted-foreground">{contact.email}</p>}
        <p className="truncate text-muted-foreground text-xs">
          {contact.campaignName} ·{" "}
          {list === "replied" && contact.repliedAt ? (
            <time dateTime={contact.repliedAt}>Replied {ago(contact.repliedAt)}</time>
          ) : (
            <time dateTime={contact.addedAt}>Added {ago(contact.addedAt)}</time>
          )}
        </p>
        {contact.replyPreview && (
          <p className="line-clamp-2 break-words pt-1 text-muted-foreground">“{contact.replyPreview}”</p>
        )}
      </div>
      {action}
    </li>
  );
}

function ContactList({
  list,
  title,
  icon,
  search,
  empty,
}: {
  list: ReplyTrackerList;
  title: string;
  icon: ReactNode;
  search: string;
  empty: ReactNode;
}) {
  const titleId = useId();
  const contacts = useReplyTrackerContacts(list, search);
  const mark = useMarkRepliedAction();
  const rows = contacts.data?.pages.flatMap((p) => p.contacts) ?? [];
  return (
    <Card role="region" aria-labelledby={titleId} className="gap-3">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          {icon}
          <h2 id={titleId}>{title}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {contacts.isPending && (
          <div className="space-y-3" role="status" aria-label={`Loading ${title}`}>
            <Skeleton className="h-12 w-full" />
            <Skeleton className="h-12 w-full" />
          </div>
        )}
        {contacts.isError && <LoadFailed message={"Failed to load contacts"} onRetry={() => void contacts.refetch()} />}
        {contacts.isSuccess && rows.length === 0 && empty}
        {rows.length > 0 && (
          <ul className="divide-y" aria-label={title}>
            {rows.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                list={list}
                action={
                  list === "awaiting" ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={mark.pending && mark.variables?.contactEmail === contact.email}
                      onClick={() => void mark.run({ contactEmail: contact.email, campaignId: contact.campaignId })}
                    >
                      <CheckCircle2 aria-hidden /> Mark as Replied
                    </Button>
                  ) : (
                    <Badge variant="success">Replied</Badge>
                  )
                }
              />
            ))}
          </ul>
        )}
        {contacts.hasNextPage && (
          <Button
            className="mt-2"
            size="sm"
            variant="ghost"
            onClick={() => void contacts.fetchNextPage()}
            disabled={contacts.isFetchingNextPage}
          >
            {contacts.isFetchingNextPage ? "Loading..." : "Load more"}
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function EmptyText({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="py-6 text-center">
      <p className="font-medium">{title}</p>
      {detail && <p className="text-muted-foreground text-sm">{detail}</p>}
    </div>
  );
}

export function ReplyTrackerPage() {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const summary = useReplyTrackerSummary();
  const noContacts = summary.data?.totalContacts === 0;

  return (
    <>
      <PageHeader
        title="Reply Tracker"
        subtitle="See who replied to your campaigns and who is still waiting"
        actions={<SyncRefreshButton />}
      />
      <div className="space-y-6">
        <ManualReplyCard />
        <div className="max-w-md">
          <SearchInput
            label="Search contacts by email or name"
            placeholder="Search by email or name..."
            value={searchText}
            onValueChange={setSearchText}
          />
        </div>
        <Figures />
        <div className="grid gap-4 lg:grid-cols-2">
          <ContactList
            list="replied"
            title="Replied Contacts"
            icon={<CheckCircle2 className="size-4 text-success" aria-hidden />}
            search={search}
            empty={
              search ? (
                <EmptyText title="No contacts found" detail="Try another name or email address." />
              ) : (
                <EmptyText title="No replies yet" detail="Contacts who reply to your campaigns appear here." />
              )
            }
          />
          <ContactList
            list="awaiting"
            title="Awaiting Replies"
            icon={<MessageSquareReply className="size-4 text-primary" aria-hidden />}
            search={search}
            empty={
              search ? (
                <EmptyText title="No contacts found" detail="Try another name or email address." />
              ) : noContacts ? (
                <EmptyText title="No contacts yet" detail="Contacts of your campaigns appear here once added." />
              ) : (
                <EmptyText title={text.allReplied} />
              )
            }
          />
        </div>
      </div>
    </>
  );
}
