import { type ReactNode, useState } from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "./ui/alert-dialog.tsx";
import { buttonVariants } from "./ui/button.tsx";

export type ConfirmDialogProps = {
  title: string;
  description: ReactNode;
  /** The destructive action's label, e.g. "Delete"; "Deleting..." style text is shown while it runs. */
  confirmLabel: string;
  busyLabel: string;
  /** The label of the way out, "Cancel" unless said. */
  cancelLabel?: string;
  /** The action's look: destructive (the default, for removals) or the plain primary button (e.g. Resume). */
  confirmVariant?: "destructive" | "default";
  /** Runs the action; the dialog stays open (and busy) until it settles, so a failure is seen in context. */
  onConfirm: () => Promise<unknown>;
  /** The element that opens the dialog; without it the caller controls `open` and `onClose`. */
  trigger?: ReactNode;
  open?: boolean;
  onClose?: () => void;
};

/** Confirmation before something is removed for good, or before an action that asks first (Resume). */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { title, description, confirmLabel, busyLabel, onConfirm } = props;
  const [ownOpen, setOwnOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const controlled = props.trigger === undefined;
  const open = controlled ? Boolean(props.open) : ownOpen;
  const setOpen = (next: boolean) => {
    if (!controlled) setOwnOpen(next);
    else if (!next) props.onClose?.();
  };

  async function confirm(event: React.MouseEvent) {
    event.preventDefault();
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      {props.trigger !== undefined && <AlertDialogTrigger asChild>{props.trigger}</AlertDialogTrigger>}
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{props.cancelLabel ?? "Cancel"}</AlertDialogCancel>
          <AlertDialogAction
            className={buttonVariants({ variant: props.confirmVariant ?? "destructive" })}
            onClick={(e) => void confirm(e)}
            disabled={busy}
          >
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
