// Failed emails → spam (docs/product.md §15): the user's spam emails,
// newest first, with the count badge and a 200-character preview (the whole
// message on demand); Restore and Delete on each; Clear All Spam (with a
// confirmation; the user's own only) and Add Sample Emails.
import { formatDistanceToNow } from "date-fns";
import { ChevronDown, Inbox, MailPlus, ShieldAlert, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { type SpamEmail, spamText as text } from "#shared/mailbox/mailbox.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { resultFailed, resultMessage, useRestoreSpam } from "./mailbox-actions.ts";
import { useAddSampleSpam, useClearSpam, useDeleteSpam, useSpamEmail, useSpamList } from "./use-mailbox.ts";

const errorText = (err: unknown) => (err instanceof Error ? err.message : undefined);

function FullMessage({ id }: { id: string }) {
  const email = useSpamEmail(id, true);
  if (email.isPending) return <Spinner label="Loading message..." />;
  if (email.isError) return <p className="text-destructive text-sm">The message could not be loaded.</p>;
  return (
    <div className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words rounded-md bg-muted/50 p-3 text-sm">
      {email.data.content}
    </div>
  );
}

function SpamItem({ email }: { email: SpamEmail }) {
  const titleId = useId();
  const fullId = useId();
  const [open, setOpen] = useState(false);
  const remove = useDeleteSpam();
  const restore = useRestoreSpam();
  const busy = remove.isPending || restore.isPending;

  async function onRestore() {
    try {
      const result = await restore.mutateAsync(email.id);
      if (resultFailed(result)) toast.error(text.restoreFailed, { description: resultMessage(result) ?? undefined });
      else toast.success(text.restored);
    } catch (err) {
      console.warn("restore failed", err);
      toast.error(text.restoreFailed, { description: errorText(err) });
    }
  }

  async function onDelete() {
    try {
      await remove.mutateAsync(email.id);
      toast.success(text.deleted);
    } catch (err) {
      console.warn("delete spam failed", err);
      toast.error(text.deleteFailed, { description: errorText(err) });
    }
  }

  return (
    <li aria-labelledby={titleId} className="space-y-2 py-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-0.5">
          <h3 id={titleId} className="break-words font-medium">
            {email.subject || "(no subject)"}
          </h3>
          <p className="break-all text-muted-foreground text-sm">
            From {email.senderEmail} ·{" "}
            <time dateTime={email.receivedAt}>
              {formatDistanceToNow(new Date(email.receivedAt), { addSuffix: true })}
            </time>
          </p>
          {email.mailbox && (
            <p className="break-all text-muted-foreground text-xs">
              In {email.mailbox}
              {email.folder ? ` · ${email.folder}` : ""}
            </p>
          )}
        </div>
        <div className="flex gap-2">
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            aria-describedby={titleId}
            onClick={() => void onRestore()}
          >
            <Inbox aria-hidden /> {restore.isPending ? "Restoring..." : "Restore"}
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-destructive hover:text-destructive"
            disabled={busy}
            aria-describedby={titleId}
            onClick={() => void onDelete()}
          >
            <Trash2 aria-hidden /> {remove.isPending ? "Deleting..." : "Delete"}
          </Button>
        </div>
      </div>
      {!open && <p className="break-words text-muted-foreground text-sm">{email.preview}</p>}
      {open && (
        <div id={fullId}>
          <FullMessage id={email.id} />
        </div>
      )}
      <Button
        size="sm"
        variant="link"
        className="h-auto px-0"
        aria-expanded={open}
        aria-controls={open ? fullId : undefined}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? "Show less" : "Show full message"}
        <ChevronDown aria-hidden className={cn("transition-transform", open && "rotate-180")} />
      </Button>
    </li>
  );
}

export function SpamPanel() {
  const titleId = useId();
  const list = useSpamList();
  const clear = useClearSpam();
  const samples = useAddSampleSpam();
  const emails = list.data?.pages.flatMap((p) => p.emails) ?? [];
  const total = list.data?.pages[0]?.total ?? 0;

  async function onClear() {
    try {
      await clear.mutateAsync();
      toast.success(text.cleared);
    } catch (err) {
      console.warn("clear spam failed", err);
      toast.error(text.clearFailed, { description: errorText(err) });
    }
  }

  async function onSamples() {
    try {
      await samples.mutateAsync();
      toast.success(text.samplesAdded);
    } catch (err) {
      console.warn("add sample spam failed", err);
      toast.error(text.samplesFailed, { description: errorText(err) });
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldAlert className="size-4 text-destructive" aria-hidden />
          <h2 id={titleId}>Spam</h2>
          <Badge variant="secondary" data-testid="spam-count">
            {list.isPending ? "…" : total}
            <span className="sr-only">{total === 1 ? " email" : " emails"}</span>
          </Badge>
        </CardTitle>
        <CardDescription>Emails your senders' mailboxes filed as junk or spam.</CardDescription>
        <CardAction className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => void onSamples()} disabled={samples.isPending}>
            <MailPlus aria-hidden /> Add Sample Emails
          </Button>
          <ConfirmDialog
            title="Clear all spam?"
            description={`This permanently deletes all ${total} of your spam ${total === 1 ? "email" : "emails"}. This action cannot be undone.`}
            confirmLabel="Clear All Spam"
            busyLabel="Clearing..."
            onConfirm={onClear}
            trigger={
              <Button size="sm" variant="destructive" disabled={total === 0}>
                <Trash2 aria-hidden /> Clear All Spam
              </Button>
            }
          />
        </CardAction>
      </CardHeader>
      <CardContent>
        {list.isPending && (
          <div className="space-y-3" role="status" aria-label="Loading spam emails">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        )}
        {list.isError && <LoadFailed message={text.fetchFailed} onRetry={() => void list.refetch()} />}
        {list.isSuccess && emails.length === 0 && (
          <div className="py-6 text-center">
            <p className="font-medium">No spam emails</p>
            <p className="text-muted-foreground text-sm">
              Junk found in your senders' mailboxes appears here. Add sample emails to try the page.
            </p>
          </div>
        )}
        {emails.length > 0 && (
          <ul className="divide-y" aria-label="Spam emails">
            {emails.map((email) => (
              <SpamItem key={email.id} email={email} />
            ))}
          </ul>
        )}
        <LoadMoreButton pages={list} />
      </CardContent>
    </Card>
  );
}
