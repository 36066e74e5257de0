// When the Toaster (and sonner: docs/decisions/011-first-load-size-budget.md) is fetched: not with the page,
// nor right after its first paint (a first visit that raises no toast would
// still download it, issue 28 §5), but at the first sign a toast may come: the
// first toast raised through lib/toast.ts, the person's first click or key
// press (every toast of a screen follows an action), or the first navigation
// inside the app (a screen that imports sonner itself, loaded by it). sonner
// replays toasts raised before its Toaster subscribed, so one raised while
// the Toaster loads is shown when it arrives.
let wanted = false;
const listeners = new Set<() => void>();

export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function isToasterWanted(): boolean {
  return wanted;
}

export function subscribeToasterWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Wants the Toaster on the first pointer press or key press anywhere on the page. */
export function wantToasterOnFirstInteraction(target: Pick<Document, "addEventListener" | "removeEventListener">) {
  const onInteraction = () => {
    target.removeEventListener("pointerdown", onInteraction, true);
    target.removeEventListener("keydown", onInteraction, true);
    wantToaster();
  };
  target.addEventListener("pointerdown", onInteraction, true);
  target.addEventListener("keydown", onInteraction, true);
}
