import { type ReactNode, useId } from "react";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { cn } from "#web/lib/cn.ts";

/**
 * A labelled number: a group named by its label, so tests and screen readers
 * find the value by the label. A hint known before the value shows while it
 * loads; with `hinted`, the line of a hint that comes with the value is held
 * by a placeholder. Either way nothing below moves when the value arrives.
 */
export function Figure({
  label,
  value,
  hint,
  loading,
  className,
  valueClassName,
  hinted,
}: {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
  loading?: boolean;
  className?: string;
  valueClassName?: string;
  hinted?: boolean;
}) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a labelled figure (text), not a set of form controls, so not a fieldset.
    <div role="group" aria-labelledby={id} className={cn("min-w-0 space-y-1", className)}>
      <p id={id} className="text-muted-foreground text-sm">
        {label}
      </p>
      {loading ? (
        <Skeleton className="h-8 w-16" />
      ) : (
        <p className={cn("font-semibold text-2xl tabular-nums tracking-tight", valueClassName)}>{value}</p>
      )}
      {hint ? (
        <p className="text-muted-foreground text-xs">{hint}</p>
      ) : (
        hinted && loading && <Skeleton className="h-4 w-32" />
      )}
    </div>
  );
}
