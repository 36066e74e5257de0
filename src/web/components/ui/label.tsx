import type { ComponentProps, MouseEvent } from "react";
import { cn } from "#web/lib/cn.ts";

// A plain <label> doing what Radix's Label does (a double click on the text
// does not select it), without @radix-ui/react-label and its Primitive: the
// booking page's first visit loaded them only for this (issue 28 §5's 120 KB
// budget; bench/RESULTS.md, Lighthouse and first-visit JS).
export function Label({ className, onMouseDown, ...props }: ComponentProps<"label">) {
  const keepTextUnselected = (event: MouseEvent<HTMLLabelElement>) => {
    // A click on a control inside the label is the control's own.
    if ((event.target as Element).closest("button, input, select, textarea")) return;
    onMouseDown?.(event);
    if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
  };
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the caller gives htmlFor or the control as a child.
    <label
      data-slot="label"
      className={cn(
        "flex select-none items-center gap-2 font-medium text-sm leading-none group-data-[disabled=true]:pointer-events-none group-data-[disabled=true]:opacity-50 peer-disabled:cursor-not-allowed peer-disabled:opacity-50",
        className,
      )}
      onMouseDown={keepTextUnselected}
      {...props}
    />
  );
}
