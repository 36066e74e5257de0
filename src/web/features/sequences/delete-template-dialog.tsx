// Confirmation before a template is deleted for good.
import { toast } from "sonner";
import type { Template } from "#shared/templates/templates.schemas.ts";
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
import { useDeleteTemplate } from "./use-templates.ts";

export function DeleteTemplateDialog({ template, onClose }: { template: Template | null; onClose: () => void }) {
  const remove = useDeleteTemplate();

  async function confirm() {
    if (!template) return;
    try {
      await remove.mutateAsync(template.id);
      toast.success("Template deleted");
    } catch (err) {
      console.warn("template delete failed", err);
      toast.error("Failed to delete template. Please try again later.");
    }
    onClose();
  }

  return (
    <AlertDialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete template?</AlertDialogTitle>
          <AlertDialogDescription>
            “{template?.name}” will be deleted for good. Campaigns that used it keep their emails.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: "destructive" })}
            onClick={(e) => {
              // Close only when the request is done, so a failure is seen against the open list.
              e.preventDefault();
              void confirm();
            }}
            disabled={remove.isPending}
          >
            {remove.isPending ? "Deleting..." : "Delete"}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
