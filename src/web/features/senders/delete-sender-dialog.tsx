import type { MouseEvent } from "react";
import { toast } from "sonner";
import type { Sender } from "#shared/senders/senders.schemas.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#web/components/ui/alert-dialog.tsx";
import { buttonVariants } from "#web/components/ui/button.tsx";
import { useDeleteSender } from "./use-senders.ts";

/** The spec's confirmation before a sender is deleted for good. */
export function DeleteSenderDialog({ sender, onClose }: { sender: Sender; onClose: () => void }) {
  const remove = useDeleteSender();

  async function confirm(event: MouseEvent) {
    // Keep the dialog open (and the button busy) until the server answers.
    event.preventDefault();
    try {
      await remove.mutateAsync(sender.id);
      toast.success("Sender account deleted successfully");
      onClose();
    } catch (err) {
      console.warn("sender delete failed", err);
      toast.error("Failed to delete sender account", {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  }

  return (
    <AlertDialog open onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {sender.email}?</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete this sender account? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={confirm}
            disabled={remove.isPending}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
