// A choice out of a long list (an IANA zone list has some 400 entries) that
// the user narrows by typing: the WAI-ARIA combobox pattern, an input that
// filters a listbox below it. Arrow keys move through the matches, Enter picks,
// Escape closes and keeps the value; the input shows the chosen value again
// when it loses focus, so a half-typed word is never taken for a choice.
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { cn } from "#web/lib/cn.ts";

/** An option: a value, or a value shown with a label and also found by other names (a zone's newer spelling). */
export type SearchableOption = string | { value: string; label: string; aliases?: readonly string[] };

const optionValue = (o: SearchableOption) => (typeof o === "string" ? o : o.value);
const optionLabel = (o: SearchableOption) => (typeof o === "string" ? o : o.label);

/** Matches case-insensitively anywhere in the label or an alias, an underscore read as a space ("new york" finds America/New_York). */
function matches(option: SearchableOption, query: string): boolean {
  const words = query.trim().toLowerCase().replace(/_/g, " ");
  if (words === "") return true;
  const names = typeof option === "string" ? [option] : [option.label, ...(option.aliases ?? [])];
  return names.some((name) => name.toLowerCase().replace(/_/g, " ").includes(words));
}

export function SearchableSelect({
  id,
  label,
  value,
  options,
  onChange,
  invalid,
  describedBy,
  className,
}: {
  id: string;
  /** The field's label, also the name of its list of options. */
  label: string;
  value: string;
  options: readonly SearchableOption[];
  onChange: (value: string) => void;
  invalid?: boolean;
  /** Ids of the hint or error under the field, read out with it. */
  describedBy?: string;
  className?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const list = useRef<HTMLDivElement>(null);
  const chosen = options.find((o) => optionValue(o) === value);
  const shownValue = chosen ? optionLabel(chosen) : value;
  const shown = useMemo(() => options.filter((o) => matches(o, query)), [options, query]);

  const close = () => {
    setOpen(false);
    setQuery("");
  };
  const pick = (option: SearchableOption) => {
    onChange(optionValue(option));
    close();
  };
  const move = (to: number) => {
    const index = Math.min(Math.max(to, 0), shown.length - 1);
    setActive(index);
    list.current?.children[index]?.scrollIntoView({ block: "nearest" });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (!open) setOpen(true);
      else move(active + (e.key === "ArrowDown" ? 1 : -1));
    } else if (e.key === "Enter" && open) {
      // Enter picks the highlighted match instead of submitting the form.
      e.preventDefault();
      const option = shown[active];
      if (option) pick(option);
    } else if (e.key === "Escape" && open) {
      e.preventDefault();
      close();
    }
  };

  return (
    <div className={cn("relative", className)}>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && shown[active] ? `${listId}-${active}` : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        value={open ? query : shownValue}
        placeholder={open ? shownValue : undefined}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(e) => e.currentTarget.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm shadow-xs outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30"
      />
      {open && (
        <div
          ref={list}
          id={listId}
          role="listbox"
          aria-label={label}
          className="absolute z-50 mt-1 max-h-64 w-full overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground text-sm shadow-md"
        >
          {shown.length === 0 && <p className="px-2 py-1.5 text-muted-foreground">No matches</p>}
          {shown.map((option, i) => (
            <div
              key={optionValue(option)}
              id={`${listId}-${i}`}
              role="option"
              // Focus stays in the input (aria-activedescendant); -1 only makes the option focusable.
              tabIndex={-1}
              aria-selected={optionValue(option) === value}
              // mousedown, not click: the input's blur (which closes the list) comes before click.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(option);
              }}
              onMouseMove={() => setActive(i)}
              className={cn(
                "cursor-default break-words rounded-sm px-2 py-1.5",
                i === active && "bg-accent text-accent-foreground",
                optionValue(option) === value && "font-medium",
              )}
            >
              {optionLabel(option)}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
