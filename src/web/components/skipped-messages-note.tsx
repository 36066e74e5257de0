// Messages the mailbox sync skipped (issue 26 §3): for each reason, how many in
// the last days and when the latest was, on the mail-sync card and in a
// sender's panel. Nothing is shown when none was skipped.
import { formatDistanceToNow } from "date-fns";
import { MailWarning } from "lucide-react";
import { type SkippedMessages, skippedMessagesText } from "#shared/mailbox/skipped-messages.ts";
import { cn } from "#web/lib/cn.ts";

export function SkippedMessagesNote({ skipped, className }: { skipped: SkippedMessages; className?: string }) {
  if (skipped.length === 0) return null;
  return (
    <ul aria-label="Skipped messages" className={cn("space-y-0.5 text-sm", className)}>
      {skipped.map((s) => (
        <li key={s.reason} className="flex items-start gap-2 text-warning-foreground dark:text-warning">
          <MailWarning className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {skippedMessagesText(s.count, s.reason)}{" "}
            <span className="text-muted-foreground">
              (latest <time dateTime={s.lastAt}>{formatDistanceToNow(new Date(s.lastAt), { addSuffix: true })}</time>)
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
