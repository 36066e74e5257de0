import { Download, Mail, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { providerLabels, SENDER_DAILY_LIMIT_MAX, SENDER_DAILY_LIMIT_MIN } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ImportSendersDialog } from "../../senders/import-senders-dialog.tsx";
import { ManualSenderForm } from "../../senders/manual-sender-form.tsx";
import { SenderPacingLine } from "../../senders/sender-pacing.tsx";
import { totalDailyLimit } from "../../senders/wizard-senders.ts";
import type { WizardSender } from "../wizard/wizard-draft.ts";

/** Edit → Sender Accounts: change limits, remove, import or add senders; saved with Save Changes. */
export function SendersTab({
  senders,
  onChange,
}: {
  senders: WizardSender[];
  onChange: (next: WizardSender[]) => void;
}) {
  const [importing, setImporting] = useState(false);
  const [adding, setAdding] = useState(false);
  const setLimit = (localId: string, raw: string) => {
    const n = Number.parseInt(raw, 10);
    onChange(senders.map((s) => (s.localId === localId ? { ...s, dailyLimit: Number.isFinite(n) ? n : 0 } : s)));
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-muted-foreground text-sm">
          {senders.length} {senders.length === 1 ? "account" : "accounts"} · {totalDailyLimit(senders)} emails/day in
          total, used round-robin
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => setImporting(true)}>
            <Download aria-hidden /> Import Senders
          </Button>
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden /> Add Manually
          </Button>
        </div>
      </div>
      {adding && (
        <ManualSenderForm
          existing={senders}
          onAdd={(s) => {
            onChange([...senders, s]);
            setAdding(false);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {senders.length === 0 && (
        <p className="rounded-md border border-dashed p-6 text-center text-muted-foreground">
          No sender accounts. Add at least one sender account to send your campaigns.
        </p>
      )}
      <ul className="space-y-2">
        {senders.map((s) => {
          const invalid = s.dailyLimit < SENDER_DAILY_LIMIT_MIN || s.dailyLimit > SENDER_DAILY_LIMIT_MAX;
          const limitId = `limit-${s.localId}`;
          return (
            <li key={s.localId} className="flex flex-wrap items-center gap-3 rounded-md border p-3">
              <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              <span className="min-w-0 flex-1 break-all font-medium">{s.email}</span>
              <Badge variant="outline">{providerLabels[s.provider]}</Badge>
              <label htmlFor={limitId} className="flex items-center gap-2 text-muted-foreground text-sm">
                Daily limit
                <Input
                  id={limitId}
                  type="number"
                  min={SENDER_DAILY_LIMIT_MIN}
                  max={SENDER_DAILY_LIMIT_MAX}
                  className="h-8 w-24"
                  aria-invalid={invalid}
                  value={s.dailyLimit || ""}
                  onChange={(e) => setLimit(s.localId, e.target.value)}
                />
              </label>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove ${s.email}`}
                onClick={() => onChange(senders.filter((x) => x.localId !== s.localId))}
              >
                <Trash2 aria-hidden />
              </Button>
              <div className="basis-full">
                <SenderPacingLine email={s.email} />
              </div>
              {invalid && (
                <p role="alert" className="w-full text-destructive text-xs">
                  Daily limit must be between 1 and 500
                </p>
              )}
            </li>
          );
        })}
      </ul>
      {importing && (
        <ImportSendersDialog
          existing={senders}
          onImport={(added) => onChange([...senders, ...added])}
          onClose={() => setImporting(false)}
        />
      )}
    </div>
  );
}
