// Clone a campaign (docs/product.md §10.4): the copy's name ('<name> (copy)'
// unless changed) and whether its contacts come along; then the copy's edit
// page. From the campaign page and the dashboard's campaign rows.
import { useId, useState } from "react";
import { useNavigate } from "react-router";
import { cloneCampaignInputSchema } from "#shared/campaigns/clone-campaign.ts";
import { CAMPAIGN_NAME_MAX, cloneName, cloneCampaignText as text } from "#shared/campaigns/clone-name.ts";
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
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { toast } from "#web/lib/toast.ts";
import { useCloneCampaign } from "./use-campaigns.ts";

export type CloneCampaignDialogProps = {
  campaign: { id: string; name: string };
  open: boolean;
  onClose: () => void;
};

export function CloneCampaignDialog({ campaign, open, onClose }: CloneCampaignDialogProps) {
  const id = useId();
  const navigate = useNavigate();
  const clone = useCloneCampaign();
  const [name, setName] = useState(() => cloneName(campaign.name));
  const [includeContacts, setIncludeContacts] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    const input = cloneCampaignInputSchema.safeParse({ name, includeContacts });
    if (!input.success) {
      setError(input.error.issues[0]?.message ?? "Campaign name is required");
      return;
    }
    try {
      const created = await clone.mutateAsync({ id: campaign.id, ...input.data });
      toast.success(text.cloned, { description: created.campaign.name });
      onClose();
      void navigate(`/campaigns/edit/${created.campaign.id}`);
    } catch (err) {
      toast.error(text.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !next && !clone.isPending && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={(e) => void onSubmit(e)} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{text.title}</DialogTitle>
            <DialogDescription>{text.description}</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor={`${id}-name`}>{text.nameLabel}</Label>
            <Input
              id={`${id}-name`}
              value={name}
              maxLength={CAMPAIGN_NAME_MAX}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-name-error` : undefined}
              onChange={(e) => {
                setName(e.target.value);
                setError(null);
              }}
            />
            <FieldError id={`${id}-name-error`} message={error} />
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id={`${id}-contacts`}
              checked={includeContacts}
              onCheckedChange={(checked) => setIncludeContacts(checked === true)}
              aria-describedby={`${id}-contacts-hint`}
            />
            <div className="space-y-1">
              <Label htmlFor={`${id}-contacts`}>{text.includeContacts}</Label>
              <p id={`${id}-contacts-hint`} className="text-muted-foreground text-xs">
                {text.includeContactsHint}
              </p>
            </div>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={clone.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={clone.isPending}>
              {clone.isPending ? text.busy : text.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
