// The wizard's "Import Senders" dialog: pick saved senders (one per email) to
// use in this campaign. Imported ones keep a link to their saved sender, whose
// connection the campaign sends through.
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { providerLabels, type Sender } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "#web/components/ui/dialog.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { useSendersQuery } from "./use-senders.ts";
import type { WizardSender } from "./wizard-senders.ts";
import { hasSenderEmail, sendersToImport, uniqueByEmail } from "./wizard-senders.ts";

function SavedSenderOption({
  sender,
  checked,
  alreadyAdded,
  onCheckedChange,
}: {
  sender: Sender;
  checked: boolean;
  alreadyAdded: boolean;
  onCheckedChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-center gap-3 rounded-md border p-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onCheckedChange(value === true)} />
      <Label htmlFor={id} className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1 font-normal">
        <span className="break-all font-medium">{sender.email}</span>
        <span className="text-muted-foreground text-xs">
          {providerLabels[sender.provider]} · {sender.dailyLimit} emails/day
        </span>
        {alreadyAdded && <Badge variant="secondary">Already added</Badge>}
      </Label>
    </li>
  );
}

export function ImportSendersDialog({
  existing,
  onImport,
  onClose,
}: {
  existing: readonly WizardSender[];
  onImport: (senders: WizardSender[]) => void;
  onClose: () => void;
}) {
  const query = useSendersQuery();
  const [selected, setSelected] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (query.isError) toast.error("Failed to load saved sender accounts", { id: "saved-senders-load-failed" });
  }, [query.isError]);

  const saved = uniqueByEmail(query.data ?? []);

  function toggle(id: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function importSelected() {
    const added = sendersToImport(
      existing,
      saved.filter((s) => selected.has(s.id)),
    );
    if (added.length === 0) {
      toast.info("No New Accounts", { description: "All selected senders are already added" });
    } else {
      onImport(added);
      toast.success("Senders Imported", {
        description: `Successfully imported ${added.length} sender account(s)`,
      });
    }
    onClose();
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[85vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Import Senders</DialogTitle>
          <DialogDescription>Choose saved sender accounts to send this campaign from.</DialogDescription>
        </DialogHeader>

        {query.isPending && <Spinner label="Loading saved sender accounts..." />}
        {query.isError && (
          <p role="alert" className="text-destructive text-sm">
            Failed to load saved sender accounts.
          </p>
        )}
        {query.isSuccess && saved.length === 0 && (
          <div className="space-y-2 rounded-md border border-dashed p-4 text-sm">
            <p className="font-medium">No saved sender accounts</p>
            <p className="text-muted-foreground">
              Add your sender accounts in the Senders section first, then import them here.
            </p>
            <Button asChild variant="link" className="h-auto p-0">
              <Link to="/senders">Go to Senders</Link>
            </Button>
          </div>
        )}
        {saved.length > 0 && (
          <ul aria-label="Saved sender accounts" className="space-y-2">
            {saved.map((sender) => (
              <SavedSenderOption
                key={sender.id}
                sender={sender}
                checked={selected.has(sender.id)}
                alreadyAdded={hasSenderEmail(existing, sender.email)}
                onCheckedChange={(on) => toggle(sender.id, on)}
              />
            ))}
          </ul>
        )}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="button" onClick={importSelected} disabled={selected.size === 0}>
            Import ({selected.size})
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
