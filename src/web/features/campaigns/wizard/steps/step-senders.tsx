// Wizard step 2, Sender Accounts (docs/product.md §9.3): import saved senders or add them
// by hand; the campaign sends from them round-robin.
import { Download, Mail, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { providerLabels } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { ImportSendersDialog } from "../../../senders/import-senders-dialog.tsx";
import { ManualSenderForm } from "../../../senders/manual-sender-form.tsx";
import { SenderPacingLine } from "../../../senders/sender-pacing.tsx";
import { totalDailyLimit } from "../../../senders/wizard-senders.ts";
import type { StepProps, WizardSender } from "../wizard-draft.ts";

function SenderRow({ sender, onRemove }: { sender: WizardSender; onRemove: () => void }) {
  return (
    <li className="flex items-center gap-3 rounded-md border p-3">
      <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
      <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
        <span className="break-all font-medium">{sender.email}</span>
        <Badge variant="outline">{providerLabels[sender.provider]}</Badge>
        <span className="text-muted-foreground text-sm">{sender.dailyLimit} emails/day</span>
        {sender.savedSenderId && <Badge variant="secondary">Saved sender</Badge>}
        <div className="basis-full">
          <SenderPacingLine email={sender.email} />
        </div>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Remove ${sender.email}`} onClick={onRemove}>
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

function Summary({ senders }: { senders: WizardSender[] }) {
  const items = [
    ["Total Accounts", String(senders.length)],
    ["Daily Limit", totalDailyLimit(senders).toLocaleString()],
    ["Distribution", "Round-robin"],
  ];
  return (
    <dl className="grid gap-3 rounded-lg bg-muted/50 p-4 sm:grid-cols-3">
      {items.map(([label, value]) => (
        <div key={label}>
          <dt className="text-muted-foreground text-xs">{label}</dt>
          <dd className="font-semibold text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function SendersStep({ draft, update }: StepProps) {
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const senders = draft.senderAccounts;

  const add = (added: WizardSender[]) => update((d) => ({ senderAccounts: [...d.senderAccounts, ...added] }));
  const remove = (localId: string) =>
    update((d) => ({ senderAccounts: d.senderAccounts.filter((s) => s.localId !== localId) }));

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>Email Sender Accounts</h2>
          </CardTitle>
          <CardDescription>The accounts this campaign sends from, in turn.</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)}>
            <Download aria-hidden /> Import Senders
          </Button>
          <Button variant="outline" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Manually
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-4">
        {adding && <ManualSenderForm existing={senders} onAdd={(s) => add([s])} onCancel={() => setAdding(false)} />}

        {senders.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed py-10 text-center">
            <Mail className="size-10 text-muted-foreground" aria-hidden />
            <h3 className="font-semibold">No Sender Accounts</h3>
            <p className="text-muted-foreground text-sm">Add at least one sender account to send your campaigns</p>
            {!adding && (
              <Button onClick={() => setAdding(true)}>
                <Plus aria-hidden /> Add Your First Account
              </Button>
            )}
          </div>
        ) : (
          <>
            <ul aria-label="Sender accounts" className="space-y-2">
              {senders.map((sender) => (
                <SenderRow key={sender.localId} sender={sender} onRemove={() => remove(sender.localId)} />
              ))}
            </ul>
            <Summary senders={senders} />
          </>
        )}
      </CardContent>

      {importing && <ImportSendersDialog existing={senders} onImport={add} onClose={() => setImporting(false)} />}
    </Card>
  );
}
