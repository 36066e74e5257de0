// Inbox (docs/product.md §14.1): sent emails grouped by contact, latest activity
// first, a page at a time (the next page loads as the end of the list scrolls
// into view; 'Load more' does the same from the keyboard); search; Compose and
// Refresh; the empty state 'No emails sent yet'. The list is virtualised:
// however many pages are loaded, only the cards near the viewport are in the DOM.

import { useQueryClient } from "@tanstack/react-query";
import { PenSquare, RefreshCw } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import type { LeadStatus } from "#shared/db-enums.ts";
import { leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useLoadOnScroll } from "#web/components/use-load-on-scroll.ts";
import { VirtualList } from "#web/components/virtual-list.tsx";
import { LeadStatusFilter } from "#web/features/lead-status/lead-status-filter.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { InboxGroupCard } from "./inbox-group-card.tsx";
import { useOpenPanels } from "./open-panels.ts";
import { ReceivedList } from "./received-list.tsx";
import { flattenGroups, groupKey, inboxQueryKey, useInboxGroups, useRefreshGroupDetails } from "./use-inbox.ts";

function LoadingGroups() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading sent emails">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-32 w-full rounded-xl" />
      ))}
    </div>
  );
}

export function InboxPage() {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const [leadStatus, setLeadStatus] = useState<LeadStatus | undefined>();
  const groups = useInboxGroups(search, leadStatus);
  const refreshDetails = useRefreshGroupDetails();
  const [refreshing, setRefreshing] = useState(false);
  const panels = useOpenPanels();
  const queryClient = useQueryClient();

  async function refresh() {
    setRefreshing(true);
    try {
      const [result] = await Promise.all([
        groups.refetch(),
        refreshDetails(),
        queryClient.refetchQueries({ queryKey: [...inboxQueryKey, "received"], type: "active" }),
      ]);
      if (result.isError) toast.error("Failed to fetch sent emails");
    } finally {
      setRefreshing(false);
    }
  }

  const pages = groups.data?.pages;
  // The same array between renders: the virtualised list recomputes its layout when it changes.
  const list = useMemo(() => flattenGroups(pages), [pages]);
  const onVisibleEnd = useLoadOnScroll(groups, list.length);

  return (
    <>
      <PageHeader
        title="Inbox"
        subtitle="Your sent emails, grouped by contact"
        actions={
          <>
            <Button variant="outline" onClick={() => void refresh()} disabled={refreshing || groups.isFetching}>
              <RefreshCw aria-hidden className={cn((refreshing || groups.isRefetching) && "animate-spin")} /> Refresh
            </Button>
            <Button asChild>
              <Link to="/inbox/compose">
                <PenSquare aria-hidden /> Compose
              </Link>
            </Button>
          </>
        }
      />
      <ReceivedList />
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative w-full max-w-md">
          <SearchInput
            label="Search by contact name or email"
            placeholder="Search by contact name or email..."
            value={searchText}
            onValueChange={setSearchText}
          />
        </div>
        <LeadStatusFilter value={leadStatus} onChange={setLeadStatus} />
      </div>

      {groups.isPending && <LoadingGroups />}
      {groups.isError && !groups.data && (
        <Card>
          <CardContent role="alert" className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium text-destructive">Failed to load sent emails</p>
              <p className="text-muted-foreground text-sm">{groups.error.message}</p>
            </div>
            <Button variant="outline" onClick={() => void groups.refetch()}>
              Try again
            </Button>
          </CardContent>
        </Card>
      )}
      {groups.data && list.length === 0 && (
        <Card>
          <CardContent className="flex flex-col items-center gap-2 py-10 text-center">
            {search || leadStatus ? (
              <>
                <p className="font-medium">No emails match your search</p>
                <p className="text-muted-foreground text-sm">
                  {leadStatus
                    ? `No contact with the lead status ${leadStatusLabels[leadStatus]}${search ? " matches it" : ""}.`
                    : "Try another name or email address."}
                </p>
              </>
            ) : (
              <>
                <p className="font-medium">No emails sent yet</p>
                <p className="text-muted-foreground text-sm">
                  Emails you send from a campaign or with Compose appear here, grouped by contact.
                </p>
              </>
            )}
          </CardContent>
        </Card>
      )}
      {list.length > 0 && (
        <div className="space-y-4">
          <VirtualList
            aria-label="Sent emails by contact"
            items={list}
            itemKey={groupKey}
            estimateSize={178}
            gap={12}
            onVisibleEnd={onVisibleEnd}
            renderRow={(group, row) => {
              const key = groupKey(group);
              return (
                <InboxGroupCard
                  group={group}
                  row={row}
                  historyOpen={panels.isOpen(key, "history")}
                  repliesOpen={panels.isOpen(key, "replies")}
                  statusOpen={panels.isOpen(key, "status")}
                  onToggle={(panel) => panels.toggle(key, panel)}
                />
              );
            }}
          />
          {groups.hasNextPage && (
            <div className="flex justify-center">
              <Button
                variant="outline"
                onClick={() => void groups.fetchNextPage()}
                disabled={groups.isFetchingNextPage}
              >
                {groups.isFetchingNextPage ? "Loading..." : "Load more"}
              </Button>
            </div>
          )}
        </div>
      )}
    </>
  );
}
