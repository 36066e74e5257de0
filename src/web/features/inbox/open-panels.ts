// Which Inbox cards have their email history, replies or status history open. The page keeps
// this rather than each card: the virtualised list unmounts a card scrolled
// out of view, and it must come back as it was left (and as tall as measured).
import { useCallback, useState } from "react";

/** status: the lead status history (a contact's address only). */
export type GroupPanel = "history" | "replies" | "status";

export function useOpenPanels() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const isOpen = (groupKey: string, panel: GroupPanel) => open.has(`${panel}:${groupKey}`);
  const toggle = useCallback((groupKey: string, panel: GroupPanel) => {
    setOpen((previous) => {
      const next = new Set(previous);
      const id = `${panel}:${groupKey}`;
      if (!next.delete(id)) next.add(id);
      return next;
    });
  }, []);
  return { isOpen, toggle };
}
