// ConfirmDialog for the screens a user lands on first (the dashboard): the
// dialog and the Radix pieces under it (focus trap, scroll lock, portal), which
// no first paint needs, load when the trigger is first clicked, not with the
// page (docs/decisions/011-first-load-size-budget.md).
import { lazy, type ReactNode, Suspense, useState } from "react";
import type { ConfirmDialogProps } from "./confirm-dialog.tsx";

const ConfirmDialog = lazy(async () => ({ default: (await import("./confirm-dialog.tsx")).ConfirmDialog }));

type LazyConfirmDialogProps = Omit<ConfirmDialogProps, "trigger" | "open" | "onClose"> & {
  /** Renders the element that opens the dialog, given the function that opens it. */
  trigger: (open: () => void) => ReactNode;
};

export function LazyConfirmDialog({ trigger, ...props }: LazyConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so closing plays the dialog's exit animation.
  const [wanted, setWanted] = useState(false);
  return (
    <>
      {trigger(() => {
        setWanted(true);
        setOpen(true);
      })}
      {wanted && (
        <Suspense fallback={null}>
          <ConfirmDialog {...props} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
