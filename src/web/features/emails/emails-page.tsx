// /campaigns, the Emails screen (docs/product.md §4.2): the user's sent
// emails, opened ones first, then newest first, a page at a time (the next
// page loads as the end of the list scrolls into view; 'Load more' does the
// same from the keyboard); search on subject, recipient, contact name and
// campaign name. The list is virtualised: however many pages are loaded, only
// the rows near the viewport are in the DOM.

import { Loader2, Mail, Plus, RefreshCw, Search } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { EMAILS_PAGE_SIZE, type EmailListItem } from "#shared/emails/emails.schemas.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { useLoadOnScroll } from "#web/components/use-load-on-scroll.ts";
import { VirtualList } from "#web/components/virtual-list.tsx";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { EmailRow } from "./email-row.tsx";
import { shouldSearchFurther } from "./search-continuation.ts";
import { useEmailList } from "./use-emails.ts";

/** An email opened between two page loads moves up the list: show it once. */
function uniqueById<T extends { id: string }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && seen.add(item.id));
}

const emailKey = (email: EmailListItem) => email.id;

function LoadingRows() {
  return (
    <div className="space-y-3" role="status" aria-label="Loading emails">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-24 w-full rounded-xl" />
      ))}
    </div>
  );
}

function EmptyState({ search, onSearchOlder }: { search: string; onSearchOlder?: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <Mail className="size-10 text-muted-foreground" aria-hidden />
        {search ? (
          <>
            <h2 className="font-semibold text-lg">No emails found</h2>
            <p className="text-muted-foreground text-sm">Try adjusting your search terms</p>
            {onSearchOlder && (
              <Button variant="outline" onClick={onSearchOlder}>
                <Search aria-hidden /> Search older emails
              </Button>
            )}
          </>
        ) : (
          <>
            <h2 className="font-semibold text-lg">No emails yet</h2>
            <p className="max-w-md text-muted-foreground text-sm">
              Emails your campaigns send appear here, with the opened ones first.
            </p>
            <Button asChild>
              <Link to="/campaigns/create">
                <Plus aria-hidden /> Create Your First Campaign
              </Link>
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export function EmailsPage() {
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const list = useEmailList(search);
  const pages = list.data?.pages;
  // The same array between renders: the virtualised list recomputes its layout when it changes.
  const emails = useMemo(() => uniqueById((pages ?? []).flatMap((p) => p.emails)), [pages]);
  const lastPageCount = pages?.at(-1)?.emails.length ?? 0;
  // The data on screen may still be the previous search's while the new one loads.
  const showingSearch = list.isPlaceholderData ? null : search;

  // A search page covers a bounded window of emails on the server: fetch the
  // next windows by ourselves until a page of matches (or the limit per action).
  const autoFetched = useRef(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts a new count.
  useEffect(() => {
    autoFetched.current = 0;
  }, [search]);
  const searchFurther = shouldSearchFurther({
    searching: search !== "" && !list.isPlaceholderData,
    hasNextPage: list.hasNextPage,
    isFetching: list.isFetching,
    lastPageCount,
    pageSize: EMAILS_PAGE_SIZE,
    autoFetched: autoFetched.current,
  });
  const { fetchNextPage } = list;
  useEffect(() => {
    if (!searchFurther) return;
    autoFetched.current += 1;
    void fetchNextPage();
  }, [searchFurther, fetchNextPage]);

  function loadMore() {
    autoFetched.current = 0;
    void list.fetchNextPage();
  }
  // Scrolling to the end asks for more, as a click does.
  const onVisibleEnd = useLoadOnScroll(list, emails.length, loadMore);

  // Searching older windows (or about to): say so rather than showing an empty result.
  const searchingOlder = search !== "" && list.hasNextPage && lastPageCount < EMAILS_PAGE_SIZE;
  const busy = list.isFetchingNextPage || searchFurther;

  return (
    <>
      <PageHeader
        title="Emails"
        subtitle="View and manage your sent emails with opened emails shown first"
        actions={
          <Button asChild>
            <Link to="/campaigns/create">
              <Plus aria-hidden /> Create Campaign
            </Link>
          </Button>
        }
      />
      <div className="relative mb-4 max-w-md">
        <SearchInput
          label="Search emails"
          placeholder="Search emails..."
          value={searchText}
          onValueChange={setSearchText}
        />
        {list.isFetching && !list.isPending && !busy && (
          <Loader2
            aria-hidden
            className="-translate-y-1/2 absolute top-1/2 right-3 size-4 animate-spin text-muted-foreground"
          />
        )}
      </div>

      {list.isPending && <LoadingRows />}
      {list.isError && !list.data && (
        <Card>
          <CardContent role="alert" className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-medium text-destructive">Failed to load campaigns</p>
              <p className="text-muted-foreground text-sm">{list.error.message}</p>
            </div>
            <Button variant="outline" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden /> Try again
            </Button>
          </CardContent>
        </Card>
      )}
      {list.data && emails.length === 0 && !(searchingOlder && busy) && showingSearch !== null && (
        <EmptyState search={showingSearch} onSearchOlder={list.hasNextPage ? loadMore : undefined} />
      )}
      {list.data && emails.length === 0 && searchingOlder && busy && (
        <p role="status" className="flex items-center gap-2 py-6 text-muted-foreground text-sm">
          <Loader2 aria-hidden className="size-4 animate-spin" /> Searching older emails...
        </p>
      )}
      {emails.length > 0 && (
        <div className="space-y-4">
          <VirtualList
            aria-label="Emails"
            items={emails}
            itemKey={emailKey}
            estimateSize={106}
            gap={12}
            renderRow={(email, row) => <EmailRow email={email} row={row} />}
            onVisibleEnd={onVisibleEnd}
          />
          {list.hasNextPage && (
            <div className="flex justify-center">
              <Button variant="outline" onClick={loadMore} disabled={busy}>
                {busy ? (
                  <>
                    <Loader2 aria-hidden className="animate-spin" /> {searchingOlder ? "Searching..." : "Loading..."}
                  </>
                ) : searchingOlder ? (
                  "Search older emails"
                ) : (
                  "Load more"
                )}
              </Button>
            </div>
          )}
          {list.isFetchNextPageError && (
            <p role="alert" className="text-center text-destructive text-sm">
              Failed to load campaigns
            </p>
          )}
        </div>
      )}
    </>
  );
}
