// Confirmation before a template is deleted for good.

import type { Template } from "#shared/templates/templates.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDeleteTemplate } from "../templates/use-templates.ts";

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
  }

  return (
    <ConfirmDialog
      open={template !== null}
      onClose={onClose}
      title="Delete template?"
      description={`“${template?.name ?? ""}” will be deleted for good. Campaigns that used it keep their emails.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      onConfirm={confirm}
    />
  );
}
