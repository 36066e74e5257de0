import { Loader2Icon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type SpinnerProps = ComponentProps<"span"> & {
  /** Visible text beside the spinner. Without it, "Loading…" is announced to screen readers only. */
  label?: string;
};

export function Spinner({ className, label, ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-live="polite"
      className={cn("inline-flex items-center gap-2 text-muted-foreground text-sm", className)}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading…</span>}
    </span>
  );
}
