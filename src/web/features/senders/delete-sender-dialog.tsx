import type { Sender } from "#shared/senders/senders.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDeleteSender } from "./use-senders.ts";

/** The spec's confirmation before a sender is deleted for good. */
export function DeleteSenderDialog({ sender, onClose }: { sender: Sender; onClose: () => void }) {
  const remove = useDeleteSender();

  async function confirm() {
    try {
      await remove.mutateAsync(sender.id);
      toast.success("Sender account deleted successfully");
    } catch (err) {
      console.warn("sender delete failed", err);
      toast.error("Failed to delete sender account", {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  }

  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title={`Delete ${sender.email}?`}
      description="Are you sure you want to delete this sender account? This action cannot be undone."
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
