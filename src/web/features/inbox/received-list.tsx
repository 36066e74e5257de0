// The Inbox's Received list (issue 28): messages restored from Junk that are
// not from a contact or an address the user emailed (those show in that
// group's Replies). Newest first, a page at a time.
import { useId, useMemo } from "react";
import type { InboxReply } from "#shared/inbox/inbox.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { VirtualList } from "#web/components/virtual-list.tsx";
import { ReplyItem } from "./replies-list.tsx";
import { useReceived } from "./use-inbox.ts";

const messageKey = (m: InboxReply) => m.id;

export function ReceivedList() {
  const titleId = useId();
  const received = useReceived();
  const pages = received.data?.pages;
  const list = useMemo(() => pages?.flatMap((p) => p.replies) ?? [], [pages]);
  return (
    <Card role="region" aria-labelledby={titleId} className="mb-4 gap-3">
      <CardHeader>
        <CardTitle>
          <h2 id={titleId}>Received</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {received.isPending && (
          <div role="status" aria-label="Loading received messages">
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {received.isError && (
          <LoadFailed message="Failed to load received messages" onRetry={() => void received.refetch()} />
        )}
        {received.data && list.length === 0 && (
          <p className="text-muted-foreground text-sm">
            No received messages. A message you restore from Junk appears here, or under its contact's Replies.
          </p>
        )}
        {list.length > 0 && (
          <VirtualList
            aria-label="Received messages"
            items={list}
            itemKey={messageKey}
            estimateSize={150}
            gap={12}
            renderRow={(message, row) => <ReplyItem reply={message} row={row} />}
          />
        )}
        <LoadMoreButton pages={received} label="Load older messages" />
      </CardContent>
    </Card>
  );
}
