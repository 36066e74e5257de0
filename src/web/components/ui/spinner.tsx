import { Loader2Icon } from "lucide-react";
import type { ComponentProps } from "react";
import { cn } from "#web/lib/cn.ts";

export type SpinnerProps = ComponentProps<"span"> & {
  /** Visible text beside the spinner. Without it, "Loading…" is announced to screen readers only. */
  label?: string;
  /** The text size: set here rather than overridden by a class, as the public pages' cn() does not merge. */
  size?: "sm" | "base";
};

export function Spinner({ className, label, size = "sm", ...props }: SpinnerProps) {
  return (
    <span
      data-slot="spinner"
      role="status"
      aria-live="polite"
      className={cn(
        "inline-flex items-center gap-2 text-muted-foreground",
        size === "sm" ? "text-sm" : "text-base",
        className,
      )}
      {...props}
    >
      <Loader2Icon aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading…</span>}
    </span>
  );
}
