// One saved sender on the Senders page: address, provider, limit, connection
// status, its bounce protection (a pause with Resume, its thresholds), its
// figures for today / last 7 days / last month, its health summary, its
// actions, a link to its profile, and its expandable panel: Gmail Sync, email
// history and the health of its domain.
import { ChevronDown, Pencil, PlugZap, Trash2, UserRound } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { SenderStats } from "#shared/senders/sender-stats.schemas.ts";
import { providerLabels, type Sender } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardFooter, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { cn } from "#web/lib/cn.ts";
import { SenderProtection } from "../bounce-protection/sender-protection.tsx";
import { DomainHealthPanel, domainOfEmail } from "../domain-health/domain-health-panel.tsx";
import {
  CannotSendReason,
  ConnectionStatusBadge,
  ConnectionTestOutcome,
  connectionSummary,
} from "./connection-status.tsx";
import { GmailSyncSection, showsGmailSync } from "./gmail-sync-section.tsx";
import { MailboxSyncState } from "./mailbox-sync-state.tsx";
import { SenderEmailHistory } from "./sender-email-list.tsx";
import { SenderHealthSummary } from "./sender-health.tsx";
import { SenderPacingLine } from "./sender-pacing.tsx";
import { SenderStatsTable } from "./sender-stats-table.tsx";
import { useTestConnection } from "./use-senders.ts";

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** The profile screen of a sender address. */
export const senderProfilePath = (email: string) => `/senders/profile/${encodeURIComponent(email)}`;

export function SenderCard({
  sender,
  stats,
  statsState,
  onEdit,
  onDelete,
}: {
  sender: Sender;
  stats: SenderStats | undefined;
  statsState: "pending" | "error" | "success";
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const historyId = useId();
  const [historyOpen, setHistoryOpen] = useState(false);
  const healthId = useId();
  const [healthOpen, setHealthOpen] = useState(false);
  const domain = domainOfEmail(sender.email);
  const connectionTest = useTestConnection();
  // The health summary's way to the domain's checks: open this card's panel and bring it into view.
  const showDomainHealth = () => {
    setHealthOpen(true);
    requestAnimationFrame(() => document.getElementById(healthId)?.scrollIntoView({ block: "nearest" }));
  };

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
          <CardAction>
            <Button variant="outline" size="sm" asChild>
              <Link to={senderProfilePath(sender.email)} aria-label={`View profile of ${sender.email}`}>
                <UserRound aria-hidden /> Profile
              </Link>
            </Button>
          </CardAction>
        </CardHeader>
        <CardContent className="space-y-3 px-5 text-sm">
          <div className="space-y-1">
            <p>
              <span className="font-medium">{sender.dailyLimit} emails/day</span>
              <span className="text-muted-foreground"> · {plural(sender.sentCount, "email sent", "emails sent")}</span>
            </p>
            <p className="break-all text-muted-foreground">{connectionSummary(sender)}</p>
            <SenderPacingLine email={sender.email} />
          </div>
          <SenderProtection email={sender.email} />
          <CannotSendReason sender={sender} />
          <MailboxSyncState sync={sender.mailboxSync} />
          <SenderStatsTable email={sender.email} stats={stats} state={statsState} />
          <SenderHealthSummary
            senderId={sender.id}
            email={sender.email}
            domainPanel={{ id: healthId, open: healthOpen, show: showDomainHealth }}
          />
          <div className="empty:hidden">
            <ConnectionTestOutcome
              result={connectionTest.data}
              pending={connectionTest.isPending}
              error={connectionTest.error}
            />
          </div>
        </CardContent>
        <CardFooter className="mt-auto flex-col items-stretch gap-3 px-5">
          <div className="flex flex-wrap gap-2">
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
          </div>
          {showsGmailSync(sender) && <GmailSyncSection sender={sender} />}
          <div className="border-t pt-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-between"
              aria-expanded={historyOpen}
              aria-controls={historyOpen ? historyId : undefined}
              aria-label={`Email History of ${sender.email}`}
              onClick={() => setHistoryOpen((open) => !open)}
            >
              Email History
              <ChevronDown aria-hidden className={cn("transition-transform", historyOpen && "rotate-180")} />
            </Button>
            {historyOpen && (
              <div className="pt-2">
                <SenderEmailHistory id={historyId} senderId={sender.id} email={sender.email} />
              </div>
            )}
          </div>
          <div className="border-t pt-2">
            <Button
              variant="ghost"
              size="sm"
              className="w-full justify-between"
              aria-expanded={healthOpen}
              aria-controls={healthOpen ? healthId : undefined}
              aria-label={`Domain health of ${domain}`}
              onClick={() => setHealthOpen((open) => !open)}
            >
              Domain health
              <ChevronDown aria-hidden className={cn("transition-transform", healthOpen && "rotate-180")} />
            </Button>
            {healthOpen && (
              <div className="pt-2">
                <DomainHealthPanel id={healthId} domain={domain} />
              </div>
            )}
          </div>
        </CardFooter>
      </Card>
    </li>
  );
}
