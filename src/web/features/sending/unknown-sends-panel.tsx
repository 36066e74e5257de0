import { format } from "date-fns";
import { CircleHelp } from "lucide-react";
import { unknownSendsText as text, type UnknownSend } from "#shared/sending/unknown-sends.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDecideUnknownSend, useDecideUnknownSends, useUnknownSends } from "./use-unknown-sends.ts";

/**
 * Sends whose delivery is unknown: the worker stopped (or the connection was
 * lost) after the message was handed to the mail server. Each waits for the
 * user's decision, and so do the contact's later steps. Shows nothing when
 * there are none, so it can sit on any page that concerns them.
 */
export function UnknownSendsPanel(props: { campaignId?: string }) {
  const query = useUnknownSends(props.campaignId);
  const decide = useDecideUnknownSend();
  const decideAll = useDecideUnknownSends();
  const sends = query.data ?? [];
  if (sends.length === 0) return null;

  /** Decides the sends shown (not any that arrived since): a send decided meanwhile elsewhere is left out. */
  async function onDecideAll(decision: "send-anyway" | "skip") {
    try {
      const { decided } = await decideAll.mutateAsync({ ids: sends.map((s) => s.id), decision });
      toast.success(decision === "send-anyway" ? text.sentAllAgain(decided.length) : text.skippedAll(decided.length));
    } catch (err) {
      toast.error(text.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }

  async function onDecide(send: UnknownSend, decision: "send-anyway" | "skip") {
    try {
      await decide.mutateAsync({ id: send.id, decision });
      toast.success(decision === "send-anyway" ? text.sentAgain : text.skipped, { description: send.contactEmail });
    } catch (err) {
      toast.error(text.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <Card role="region" aria-labelledby="unknown-sends-title" className="border-amber-500/40">
      <CardHeader className="space-y-1">
        <CardTitle>
          <h2 id="unknown-sends-title" className="flex items-center gap-2 text-base">
            <CircleHelp className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
            {text.title} ({sends.length})
          </h2>
        </CardTitle>
        <p className="text-muted-foreground text-sm">{text.explanation}</p>
        {sends.length > 1 && (
          <div className="flex flex-wrap gap-2 pt-2">
            <ConfirmDialog
              title={text.confirmSendAllTitle(sends.length)}
              description={text.confirmSendAll}
              confirmLabel={text.sendAllAnyway}
              busyLabel="Sending..."
              onConfirm={() => onDecideAll("send-anyway")}
              trigger={
                <Button size="sm" disabled={decideAll.isPending}>
                  {text.sendAllAnyway}
                </Button>
              }
            />
            <ConfirmDialog
              title={text.confirmSkipAllTitle(sends.length)}
              description={text.confirmSkipAll}
              confirmLabel={text.skipAll}
              busyLabel="Skipping..."
              onConfirm={() => onDecideAll("skip")}
              trigger={
                <Button size="sm" variant="outline" disabled={decideAll.isPending}>
                  {text.skipAll}
                </Button>
              }
            />
          </div>
        )}
      </CardHeader>
      <CardContent>
        <ul className="divide-y">
          {sends.map((send) => {
            const busy = (decide.isPending && decide.variables?.id === send.id) || decideAll.isPending;
            return (
              <li key={send.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div id={`unknown-send-${send.id}`} className="min-w-0 space-y-0.5 text-sm">
                  <p className="truncate font-medium">
                    {send.contactName ? `${send.contactName} <${send.contactEmail}>` : send.contactEmail}
                  </p>
                  <p className="truncate text-muted-foreground">
                    Step {send.stepNumber}: {send.subject}
                    {props.campaignId ? "" : ` · ${send.campaignName}`}
                  </p>
                  <p className="text-muted-foreground text-xs">
                    {send.senderEmail ? `From ${send.senderEmail} · ` : ""}
                    {format(new Date(send.attemptedAt), "MMM d, yyyy 'at' h:mm a")}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    disabled={busy}
                    aria-describedby={`unknown-send-${send.id}`}
                    onClick={() => void onDecide(send, "send-anyway")}
                  >
                    {text.sendAnyway}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={busy}
                    aria-describedby={`unknown-send-${send.id}`}
                    onClick={() => void onDecide(send, "skip")}
                  >
                    {text.skip}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
