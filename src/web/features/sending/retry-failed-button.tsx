// 'Retry failed sends' on the campaign page (docs/product.md §11.6): shown when
// some of the campaign's failures are worth retrying, with their count; asks
// first, then says how many were queued again and why the others were not.
import { RotateCcw } from "lucide-react";
import { skippedSummary, retryFailedText as text } from "#shared/sending/retry-failed.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";
import { useRetryFailed, useRetryFailedPreview } from "./use-retry-failed.ts";

export function RetryFailedButton({ campaignId }: { campaignId: string }) {
  const preview = useRetryFailedPreview(campaignId);
  const retry = useRetryFailed(campaignId);
  const n = preview.data?.retryable ?? 0;
  if (n === 0) return null;

  async function onConfirm() {
    try {
      const result = await retry.mutateAsync();
      const summary = skippedSummary(result.skipped);
      toast.success(text.queued(result.queued), summary ? { description: text.skipped(summary) } : undefined);
    } catch (err) {
      toast.error(text.failed, { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <ConfirmDialog
      title={text.confirmTitle(n)}
      description={text.confirm}
      confirmLabel={text.button}
      busyLabel={text.busy}
      onConfirm={onConfirm}
      trigger={
        <Button variant="outline" disabled={retry.isPending}>
          <RotateCcw aria-hidden /> {text.button} ({n})
        </Button>
      }
    />
  );
}
