// What a list shows when it could not be loaded: the reason and a way to try again.
import { Button } from "#web/components/ui/button.tsx";

export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
      <span className="text-destructive">{message}</span>
      <Button size="sm" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
