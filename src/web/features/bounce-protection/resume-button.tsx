// Resume, after a confirmation: what it releases, and that what paused it will
// not pause it again (its figures count from now). The dialog loads with the
// first click (the dashboard is a first screen: LazyConfirmDialog).
import { Play } from "lucide-react";
import { LazyConfirmDialog } from "#web/components/lazy-confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { useResumeCampaign, useResumeSender } from "./use-bounce-protection.ts";

export type ResumeTarget = { kind: "sender"; email: string } | { kind: "campaign"; id: string; name: string };

const AGAIN = "What paused it will not pause it again: its bounces, complaints and unsubscribes count from now.";

export function ResumeButton({ target }: { target: ResumeTarget }) {
  const sender = useResumeSender();
  const campaign = useResumeCampaign();
  const copy =
    target.kind === "sender"
      ? {
          label: `Resume ${target.email}`,
          title: `Resume sending from ${target.email}?`,
          description: `Its queued emails go out again, in every campaign that sends from it. ${AGAIN}`,
          done: "Sending resumed",
        }
      : {
          label: `Resume campaign ${target.name}`,
          title: `Resume the campaign ${target.name}?`,
          description: `Its queued emails go out again. ${AGAIN}`,
          done: "Campaign resumed",
        };

  async function resume() {
    try {
      if (target.kind === "sender") await sender.mutateAsync(target.email);
      else await campaign.mutateAsync(target.id);
      toast.success(copy.done);
    } catch (err) {
      console.warn("resume failed", err);
      toast.error("Failed to resume", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <LazyConfirmDialog
      title={copy.title}
      description={copy.description}
      confirmLabel="Resume"
      busyLabel="Resuming..."
      confirmVariant="default"
      onConfirm={resume}
      trigger={(open) => (
        <Button size="sm" variant="outline" onClick={open} aria-label={copy.label}>
          <Play aria-hidden /> Resume
        </Button>
      )}
    />
  );
}
