// One saved sender on the Senders page: address, provider, limit, connection
// status and its actions. Per-sender statistics arrive with the sender profile.
import { Pencil, PlugZap, Trash2 } from "lucide-react";
import { useId } from "react";
import { providerLabels, type Sender } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { ConnectionStatusBadge, ConnectionTestOutcome, connectionSummary } from "./connection-status.tsx";
import { useTestConnection } from "./use-senders.ts";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

export function SenderCard({ sender, onEdit, onDelete }: { sender: Sender; onEdit: () => void; onDelete: () => void }) {
  const titleId = useId();
  const connectionTest = useTestConnection();

  return (
    <li aria-labelledby={titleId} className="list-none">
      <Card className="h-full gap-4 py-5">
        <CardHeader className="px-5">
          <CardTitle id={titleId} className="break-all text-base">
            {sender.email}
          </CardTitle>
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <Badge variant="outline">{providerLabels[sender.provider]}</Badge>
            <ConnectionStatusBadge sender={sender} />
          </div>
        </CardHeader>
        <CardContent className="space-y-1 px-5 text-sm">
          <p>
            <span className="font-medium">{sender.dailyLimit} emails/day</span>
            <span className="text-muted-foreground"> · {plural(sender.sentCount, "email sent", "emails sent")}</span>
          </p>
          <p className="break-all text-muted-foreground">{connectionSummary(sender)}</p>
          <div className="pt-1 empty:hidden">
            <ConnectionTestOutcome
              result={connectionTest.data}
              pending={connectionTest.isPending}
              error={connectionTest.error}
            />
          </div>
        </CardContent>
        <CardFooter className="mt-auto flex-wrap gap-2 px-5">
          <Button
            variant="outline"
            size="sm"
            onClick={() => connectionTest.mutate({ senderId: sender.id })}
            disabled={connectionTest.isPending}
            aria-label={`Test connection of ${sender.email}`}
          >
            <PlugZap aria-hidden /> Test connection
          </Button>
          <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${sender.email}`}>
            <Pencil aria-hidden /> Edit
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:text-destructive"
            onClick={onDelete}
            aria-label={`Delete ${sender.email}`}
          >
            <Trash2 aria-hidden /> Delete
          </Button>
        </CardFooter>
      </Card>
    </li>
  );
}
