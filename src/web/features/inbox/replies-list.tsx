// A group's replies (docs/product.md §14.1: an expandable Replies list), newest
// first. What the mailbox sync recognised as an auto-reply, a bounce or an
// unsubscribe request says so. Reply answers a reply in its thread, quoted,
// from the mailbox it came to. Virtualised like the Inbox list it sits in;
// older pages load on the button only (see email-history.tsx).
import { Reply } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { answerReplyHref } from "#shared/inbox/compose-prefill.ts";
import type { InboxReply } from "#shared/inbox/inbox.schemas.ts";
import { replyKindLabels } from "#shared/mailbox/mailbox.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { VirtualList, type VirtualRowProps } from "#web/components/virtual-list.tsx";
import { dateTime } from "./format.ts";
import { type GroupSelector, useGroupReplies } from "./use-inbox.ts";

export function RepliesList({ selector }: { selector: GroupSelector }) {
  const replies = useGroupReplies(selector, true);
  if (replies.isPending) {
    return (
      <div role="status" aria-label="Loading replies">
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }
  if (replies.isError) {
    return <LoadFailed message={"Failed to load replies"} onRetry={() => void replies.refetch()} />;
  }
  return (
    <div className="space-y-3">
      <ReplyRows pages={replies.data.pages} />
      <LoadMoreButton pages={replies} label="Load older replies" />
    </div>
  );
}

const replyKey = (reply: InboxReply) => reply.id;

function ReplyRows({ pages }: { pages: readonly { replies: InboxReply[] }[] }) {
  // The same array between renders: the virtualised list recomputes its layout when it changes.
  const list = useMemo(() => pages.flatMap((p) => p.replies), [pages]);
  if (list.length === 0) {
    return <p className="text-muted-foreground text-sm">No replies yet</p>;
  }
  return (
    <VirtualList
      aria-label="Replies"
      items={list}
      itemKey={replyKey}
      estimateSize={150}
      gap={12}
      renderRow={(reply, row) => <ReplyItem reply={reply} row={row} />}
    />
  );
}

export function ReplyItem({ reply, row }: { reply: InboxReply; row: VirtualRowProps }) {
  return (
    <li {...row} className="space-y-2 rounded-lg border bg-background p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className="flex min-w-0 flex-wrap items-center gap-2 break-words font-medium">
          {reply.subject || "(no subject)"}
          {reply.kind !== "reply" && <Badge variant="outline">{replyKindLabels[reply.kind]}</Badge>}
        </h4>
        <time className="text-muted-foreground text-xs" dateTime={reply.repliedAt}>
          {dateTime(reply.repliedAt)}
        </time>
      </div>
      <p className="break-words text-muted-foreground text-xs">
        From {reply.fromEmail} to {reply.toEmail}
        {reply.campaignName && ` · ${reply.campaignName}`}
      </p>
      <p className="whitespace-pre-wrap break-words">{reply.content}</p>
      <Button asChild size="sm" variant="outline">
        <Link to={answerReplyHref(reply)}>
          <Reply aria-hidden /> Reply
        </Link>
      </Button>
    </li>
  );
}
