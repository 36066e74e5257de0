// Asks before edits that are not saved are lost: an in-app navigation waits
// for "Leave" or "Stay" (react-router's blocker), and closing or reloading the
// tab gets the browser's own question (beforeunload; browsers show their own
// words). Nothing is asked when nothing changed or after a save.
import { useEffect } from "react";
import { useBlocker } from "react-router";
import { ConfirmDialog } from "./confirm-dialog.tsx";

export const unsavedChangesTexts = {
  title: "Leave without saving?",
  description: "Your changes on this page are not saved. If you leave, they are lost.",
  leave: "Leave",
  stay: "Stay",
} as const;

/** Put on a page with a form; `when`: there are changes not saved yet. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // Only a move to another page: a search or hash change keeps the form.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [when]);

  // Saved (or undone) while the question was open: nothing is lost any more.
  useEffect(() => {
    if (blocker.state === "blocked" && !when) blocker.proceed();
  }, [blocker, when]);

  return (
    <ConfirmDialog
      title={unsavedChangesTexts.title}
      description={unsavedChangesTexts.description}
      confirmLabel={unsavedChangesTexts.leave}
      busyLabel={unsavedChangesTexts.leave}
      cancelLabel={unsavedChangesTexts.stay}
      open={blocker.state === "blocked"}
      onConfirm={async () => blocker.state === "blocked" && blocker.proceed()}
      onClose={() => blocker.state === "blocked" && blocker.reset()}
    />
  );
}
