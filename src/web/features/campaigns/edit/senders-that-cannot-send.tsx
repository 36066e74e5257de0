// The campaign's page says which of its senders a launch would refuse, and
// why (issue 26 §1): the same reason the launch gives, so the user can fix the
// sender (on the Senders page, or by replacing it here) before launching.
import { AlertTriangle } from "lucide-react";
import type { CampaignSender } from "#shared/campaigns/campaigns.schemas.ts";
import { Card, CardContent, CardHeader, CardTitle } from "#web/components/ui/card.tsx";

export function SendersThatCannotSend({ senders }: { senders: CampaignSender[] }) {
  const blocked = senders.filter((s) => s.cannotSendReason);
  if (blocked.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="senders-cannot-send-title" className="border-amber-500/40">
      <CardHeader>
        <CardTitle>
          <h2 id="senders-cannot-send-title" className="flex items-center gap-2 text-base">
            <AlertTriangle className="size-4 text-amber-600 dark:text-amber-400" aria-hidden />
            {blocked.length === 1 ? "A sender cannot send" : `${blocked.length} senders cannot send`}
          </h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {blocked.map((s) => (
            <li key={s.id}>
              <span className="break-all font-medium">{s.email}</span> cannot send. {s.cannotSendReason}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
