// Email Classification (/email-classification; issue 12, the spec names the
// tab only): the inbound replies — replies, auto-replies, bounces and
// unsubscribe requests — by class, with the count of each class as filters.
// Each row shows who, the subject, the start of the message, when, its class
// (the rule that decided it on hover or focus) and a control to correct the
// class. A correction to Unsubscribe request is confirmed first: it
// suppresses the address and stops the sequence.
import { formatDistanceToNow } from "date-fns";
import { Tags } from "lucide-react";
import { useId, useState } from "react";
import { type ReplyClass, replyClasses } from "#shared/db-enums.ts";
import {
  type ClassifiedReply,
  classificationText,
  classRuleText,
  replyClassLabels,
  replyKindLabels,
} from "#shared/mailbox/mailbox.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "#web/components/ui/select.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#web/components/ui/tooltip.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useClassifiedReplies, useCorrectReplyClass, useReplyClassCounts } from "./use-mailbox.ts";

const classVariant: Record<ReplyClass, BadgeProps["variant"]> = {
  interested: "success",
  meeting_request: "success",
  not_interested: "secondary",
  out_of_office: "outline",
  unsubscribe_request: "destructive",
  wrong_person: "warning",
  bounce: "destructive",
  other: "outline",
};

function ClassBadge({ reply }: { reply: ClassifiedReply }) {
  const ruleId = useId();
  const text = classRuleText(reply);
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        {/* Focusable, so keyboard users reach the rule too; the rule is also its description. */}
        <button type="button" className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Badge variant={classVariant[reply.replyClass]} aria-describedby={ruleId}>
            {replyClassLabels[reply.replyClass]}
            {reply.classCorrected && <span aria-hidden> ✓</span>}
          </Badge>
          <span id={ruleId} className="sr-only">
            {text}
          </span>
        </button>
      </TooltipTrigger>
      <TooltipContent>{text}</TooltipContent>
    </Tooltip>
  );
}

function ReplyRow({ reply }: { reply: ClassifiedReply }) {
  const titleId = useId();
  const selectId = useId();
  const correct = useCorrectReplyClass();
  const [confirming, setConfirming] = useState(false);
  const who = reply.contactName ? `${reply.contactName} <${reply.contactEmail}>` : reply.contactEmail;

  async function apply(replyClass: ReplyClass) {
    try {
      await correct.mutateAsync({ id: reply.id, replyClass });
      toast.success(classificationText.corrected(replyClassLabels[replyClass]));
    } catch (err) {
      console.warn("class correction failed", err);
      toast.error(classificationText.correctFailed, { description: err instanceof Error ? err.message : undefined });
    }
  }

  function onChange(value: string) {
    const next = replyClasses.find((c) => c === value);
    if (!next || next === reply.replyClass) return;
    if (next === "unsubscribe_request") setConfirming(true);
    else void apply(next);
  }

  return (
    <li aria-labelledby={titleId} className="grid gap-3 py-4 md:grid-cols-[1fr_auto] md:items-start">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="min-w-0 break-all font-medium">
            {who}
          </h2>
          <ClassBadge reply={reply} />
          {reply.kind !== "reply" && <Badge variant="secondary">{replyKindLabels[reply.kind]}</Badge>}
        </div>
        <p className="break-words text-sm">{reply.subject || "(no subject)"}</p>
        {reply.preview && <p className="line-clamp-2 break-words text-muted-foreground text-sm">{reply.preview}</p>}
        <p className="text-muted-foreground text-xs">
          <time dateTime={reply.repliedAt}>{formatDistanceToNow(new Date(reply.repliedAt), { addSuffix: true })}</time>
          {" · to "}
          {reply.senderEmail || "Unknown Sender"}
          {reply.campaignName && ` · ${reply.campaignName}`}
        </p>
      </div>
      <div className="space-y-1">
        <label htmlFor={selectId} className="text-muted-foreground text-xs">
          Class
        </label>
        <Select value={reply.replyClass} onValueChange={onChange} disabled={correct.isPending}>
          <SelectTrigger id={selectId} className="w-48" aria-label={`Class of the reply from ${reply.contactEmail}`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {replyClasses.map((c) => (
              <SelectItem key={c} value={c}>
                {replyClassLabels[c]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Mark as an unsubscribe request?"
        description={`${reply.contactEmail} will be added to your suppression list and receive no more emails from your campaigns.`}
        confirmLabel="Mark as Unsubscribe request"
        busyLabel="Saving..."
        onConfirm={() => apply("unsubscribe_request")}
      />
    </li>
  );
}

function ClassFilters({
  selected,
  onSelect,
}: {
  selected: ReplyClass | null;
  onSelect: (replyClass: ReplyClass | null) => void;
}) {
  const counts = useReplyClassCounts();
  const filters: { value: ReplyClass | null; label: string; count: number | undefined }[] = [
    { value: null, label: "All", count: counts.data?.total },
    ...replyClasses.map((c) => ({ value: c, label: replyClassLabels[c], count: counts.data?.counts[c] })),
  ];
  return (
    <nav aria-label="Filter by class" className="flex flex-wrap gap-2">
      {filters.map((f) => {
        const active = selected === f.value;
        return (
          <Button
            key={f.label}
            size="sm"
            variant={active ? "default" : "outline"}
            aria-pressed={active}
            onClick={() => onSelect(f.value)}
          >
            {f.label}
            <span
              className={cn(
                "rounded-full px-1.5 text-xs tabular-nums",
                active ? "bg-primary-foreground/20" : "bg-muted text-muted-foreground",
              )}
            >
              {f.count ?? "…"}
            </span>
          </Button>
        );
      })}
    </nav>
  );
}

export function EmailClassificationPage() {
  const [selected, setSelected] = useState<ReplyClass | null>(null);
  const replies = useClassifiedReplies(selected);
  const list = replies.data?.pages.flatMap((p) => p.replies) ?? [];
  return (
    <>
      <PageHeader
        title="Email Classification"
        subtitle="Replies sorted by what they say. Hover a class to see the rule that decided it; correct it when it is wrong."
      />
      <div className="space-y-4">
        <ClassFilters selected={selected} onSelect={setSelected} />
        <Card>
          <CardContent>
            {replies.isPending && (
              <div className="space-y-3" role="status" aria-label="Loading replies">
                <Skeleton className="h-20 w-full" />
                <Skeleton className="h-20 w-full" />
              </div>
            )}
            {replies.isError && (
              <LoadFailed message={"Failed to load replies"} onRetry={() => void replies.refetch()} />
            )}
            {replies.isSuccess && list.length === 0 && (
              <div className="flex flex-col items-center gap-2 py-10 text-center">
                <Tags className="size-8 text-muted-foreground" aria-hidden />
                <p className="font-medium">
                  {selected ? `No ${replyClassLabels[selected]} replies` : classificationText.empty}
                </p>
                <p className="max-w-md text-muted-foreground text-sm">
                  Replies to your campaigns are read from your senders' mailboxes and sorted into classes such as
                  Interested, Not interested and Out of office.
                </p>
              </div>
            )}
            {list.length > 0 && (
              <ul className="divide-y" aria-label="Classified replies">
                {list.map((reply) => (
                  <ReplyRow key={reply.id} reply={reply} />
                ))}
              </ul>
            )}
            <LoadMoreButton pages={replies} />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
