// The Sign In / Sign Up switch of /auth: the WAI-ARIA tabs pattern (automatic
// activation: arrow keys, Home and End move the focus and choose the tab),
// written out here instead of Radix Tabs, whose primitives and their roving
// focus helpers would weigh on the page every visitor loads first
// (docs/decisions/021-own-auth-client-and-tabs.md). Only the chosen panel is rendered, as Radix does, so a
// half-typed form is not kept when the other tab is chosen.
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";

export type SignInTab = { value: string; label: string; panel: ReactNode };

const tabClass =
  "inline-flex h-[calc(100%-1px)] flex-1 items-center justify-center whitespace-nowrap rounded-md border border-transparent px-2 py-1 font-medium text-sm outline-none transition-[color,box-shadow] focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50";
const chosenClass = "bg-background text-foreground shadow-sm dark:border-input dark:bg-input/30";
const otherClass = "text-muted-foreground hover:text-foreground";

export function SignInTabs({ tabs, initial }: { tabs: readonly SignInTab[]; initial: string }) {
  const [chosen, setChosen] = useState(initial);
  const id = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const tabId = (value: string) => `${id}-tab-${value}`;
  const panelId = (value: string) => `${id}-panel-${value}`;

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((t) => t.value === chosen);
    const next =
      e.key === "ArrowRight"
        ? (at + 1) % tabs.length
        : e.key === "ArrowLeft"
          ? (at - 1 + tabs.length) % tabs.length
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? tabs.length - 1
              : null;
    if (next === null) return;
    e.preventDefault();
    const value = tabs[next]!.value;
    setChosen(value);
    buttons.current.get(value)?.focus();
  }

  const active = tabs.find((t) => t.value === chosen) ?? tabs[0]!;
  return (
    <div className="flex flex-col gap-2">
      <div
        role="tablist"
        aria-orientation="horizontal"
        className="grid h-9 w-full grid-cols-2 items-center rounded-lg bg-muted p-[3px] text-muted-foreground"
        onKeyDown={onKeyDown}
      >
        {tabs.map((tab) => {
          const selected = tab.value === active.value;
          return (
            <button
              key={tab.value}
              ref={(el) => {
                if (el) buttons.current.set(tab.value, el);
                else buttons.current.delete(tab.value);
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? "active" : "inactive"}
              className={`${tabClass} ${selected ? chosenClass : otherClass}`}
              onClick={() => setChosen(tab.value)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId(active.value)} aria-labelledby={tabId(active.value)} className="flex-1 pt-2">
        {active.panel}
      </div>
    </div>
  );
}
