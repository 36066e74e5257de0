// The footer under the steps: how many emails and the follow-up rule.
import { Mail, Reply } from "lucide-react";

export function SequenceSummary({ stepCount }: { stepCount: number }) {
  return (
    <dl aria-label="Sequence summary" className="grid gap-3 rounded-lg border bg-muted/30 p-4 text-sm sm:grid-cols-2">
      <div className="flex items-center gap-3">
        <Mail className="size-4 text-muted-foreground" aria-hidden />
        <dt className="text-muted-foreground">Email steps</dt>
        <dd className="ml-auto font-semibold sm:ml-0">{stepCount}</dd>
      </div>
      <div className="flex items-center gap-3">
        <Reply className="size-4 text-muted-foreground" aria-hidden />
        <dt className="text-muted-foreground">Follow-up strategy</dt>
        <dd className="ml-auto font-semibold sm:ml-0">Stop on reply</dd>
      </div>
    </dl>
  );
}
