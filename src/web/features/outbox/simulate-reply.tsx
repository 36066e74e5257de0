// The outbox's Simulate reply button (capture mode).
import { MessageSquareReply } from "lucide-react";
import { useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { resultFailed, resultMessage, useSimulateReply } from "../mailbox/mailbox-actions.ts";

export const simulateReplyText = {
  sent: "Reply sent to the capture server; it will be picked up by the next mailbox sync.",
  failed: "The reply could not be simulated",
} as const;

/**
 * Capture mode, for trying reply tracking: a reply from the recipient to the
 * sender, sent over SMTP into the capture server, where the mailbox sync
 * picks it up as if it had come from a real mailbox (campaign emails only).
 */
export function SimulateReply({ id }: { id: string }) {
  const simulate = useSimulateReply();
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  async function run() {
    setOutcome(null);
    try {
      const result = await simulate.mutateAsync(id);
      const message = resultMessage(result);
      if (resultFailed(result)) {
        setOutcome({ ok: false, text: message ?? simulateReplyText.failed });
        toast.error(simulateReplyText.failed, { description: message ?? undefined });
      } else {
        setOutcome({ ok: true, text: simulateReplyText.sent });
        toast.success(simulateReplyText.sent);
      }
    } catch (err) {
      const text = err instanceof Error ? err.message : simulateReplyText.failed;
      setOutcome({ ok: false, text });
      toast.error(simulateReplyText.failed, { description: text });
    }
  }
  return (
    <div className="space-y-2">
      <Button variant="outline" size="sm" onClick={() => void run()} disabled={simulate.isPending}>
        <MessageSquareReply aria-hidden /> {simulate.isPending ? "Sending reply..." : "Simulate reply"}
      </Button>
      {outcome && (
        <p
          role={outcome.ok ? "status" : "alert"}
          className={cn("text-sm", outcome.ok ? "text-success" : "text-destructive")}
        >
          {outcome.text}
        </p>
      )}
    </div>
  );
}
