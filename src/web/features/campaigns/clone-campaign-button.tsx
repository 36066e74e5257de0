// The 'Clone' action (docs/product.md §10.4). The dialog and the Radix pieces
// under it load on the first click, not with the page (the dashboard's rows
// carry one each: docs/decisions/011-first-load-size-budget.md).
import { Copy } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { cloneCampaignText as text } from "#shared/campaigns/clone-name.ts";
import { Button } from "#web/components/ui/button.tsx";

const CloneCampaignDialog = lazy(async () => ({
  default: (await import("./clone-campaign-dialog.tsx")).CloneCampaignDialog,
}));

export function CloneCampaignButton({ campaign }: { campaign: { id: string; name: string } }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on (a fresh name each time it opens), so closing plays the exit animation.
  const [opened, setOpened] = useState(0);
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-haspopup="dialog"
        aria-label={`${text.action} ${campaign.name}`}
        onClick={() => {
          setOpened((n) => n + 1);
          setOpen(true);
        }}
      >
        <Copy aria-hidden /> {text.action}
      </Button>
      {opened > 0 && (
        <Suspense fallback={null}>
          <CloneCampaignDialog key={opened} campaign={campaign} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
