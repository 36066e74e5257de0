// A small accessible month picker for the booking page: a table of the
// month's days (Sunday first) whose dates are buttons named by their long
// date; past dates and the link's closed weekdays are disabled, the chosen one
// is pressed. One date is in the Tab order (roving tabindex) and the keyboard
// moves between bookable dates (arrows: day and week, Home/End: the week's
// first and last, Page Up/Down: about a month). Dates are the link's calendar
// dates ("YYYY-MM-DD"), not instants.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { addDays, type LocalDate, weekdayIndex } from "#shared/zoned-time.ts";
import { Button } from "#web/components/ui/button.tsx";
import { cn } from "#web/lib/cn.ts";
import { formatLongDate, formatMonth, monthOf, monthWeeks, shiftMonth } from "./schedule-format.ts";

const weekHeader = [
  ["Sun", "Sunday"],
  ["Mon", "Monday"],
  ["Tue", "Tuesday"],
  ["Wed", "Wednesday"],
  ["Thu", "Thursday"],
  ["Fri", "Friday"],
  ["Sat", "Saturday"],
] as const;

type Props = {
  /** Today on the link's clock: nothing before it can be chosen, and the grid starts at its month. */
  today: LocalDate;
  /** The month shown first ("YYYY-MM"). */
  initialMonth: string;
  /** The last date that may be chosen, if any. */
  lastDate?: LocalDate;
  isBookable: (date: LocalDate) => boolean;
  selected: LocalDate | null;
  onSelect: (date: LocalDate) => void;
};

/** How far the keyboard looks for the next bookable date before it gives up. */
const SEARCH_DAYS = 62;

export function MonthPicker({ today, initialMonth, lastDate, isBookable, selected, onSelect }: Props) {
  const [month, setMonth] = useState(initialMonth);
  const [focusDate, setFocusDate] = useState<LocalDate | null>(null);
  const grid = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const firstMonth = monthOf(today);
  const lastMonth = lastDate ? monthOf(lastDate) : undefined;
  const weeks = monthWeeks(month);
  // Cells before the 1st and after the last day have no date: they are keyed by their place in the week.
  const rows = weeks.map((week) => week.map((date, column) => ({ key: date ?? `${month}-${column}`, date })));
  const inRange = (date: LocalDate) => date >= today && (!lastDate || date <= lastDate);
  const enabled = (date: LocalDate) => inRange(date) && isBookable(date);

  // The date in the Tab order: the focused one, else the selected one, else the month's first bookable one.
  const visible = weeks.flat().filter((d): d is LocalDate => d !== null);
  const tabStop =
    [focusDate, selected].find((d) => d && monthOf(d) === month && enabled(d)) ?? visible.find(enabled) ?? null;

  // Keyboard moves can cross into another month: focus the date once that month is drawn.
  useEffect(() => {
    if (!focusDate) return;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`)?.focus();
  }, [focusDate]);

  function moveFocus(from: LocalDate, step: number) {
    let date = from;
    for (let i = 0; i < SEARCH_DAYS; i++) {
      date = addDays(date, step);
      // Out of range behind the move's direction is skipped; ahead of it, the search ends.
      if ((step < 0 && date < today) || (step > 0 && lastDate && date > lastDate)) return;
      if (enabled(date)) {
        setMonth(monthOf(date));
        setFocusDate(date);
        return;
      }
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: LocalDate) {
    const column = weekdayIndex(date);
    switch (event.key) {
      case "ArrowLeft":
        moveFocus(date, -1);
        break;
      case "ArrowRight":
        moveFocus(date, 1);
        break;
      case "ArrowUp":
        moveFocus(date, -7);
        break;
      case "ArrowDown":
        moveFocus(date, 7);
        break;
      case "Home": // the week's first bookable date
        moveFocus(addDays(date, -column - 1), 1);
        break;
      case "End": // the week's last bookable date
        moveFocus(addDays(date, 7 - column), -1);
        break;
      case "PageUp":
        moveFocus(addDays(date, -29), 1);
        break;
      case "PageDown":
        moveFocus(addDays(date, 27), 1);
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className="w-full max-w-xs space-y-3">
      <div className="flex items-center justify-between">
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Previous month"
          disabled={month <= firstMonth}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft aria-hidden />
        </Button>
        <h3 id={headingId} className="font-medium" aria-live="polite">
          {formatMonth(month)}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          aria-label="Next month"
          disabled={lastMonth !== undefined && month >= lastMonth}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight aria-hidden />
        </Button>
      </div>
      <table ref={grid} aria-labelledby={headingId} className="w-full border-collapse text-center text-sm">
        <thead>
          <tr>
            {weekHeader.map(([short, long]) => (
              <th key={short} scope="col" abbr={long} className="pb-1 font-normal text-muted-foreground text-xs">
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((week) => (
            <tr key={week[0]!.key}>
              {week.map(({ key, date }) => {
                if (!date) return <td key={key} />;
                const isSelected = date === selected;
                const isEnabled = enabled(date);
                return (
                  <td key={key} className="p-0.5">
                    <button
                      type="button"
                      data-date={date}
                      aria-label={formatLongDate(date)}
                      aria-pressed={isSelected}
                      aria-current={date === today ? "date" : undefined}
                      disabled={!isEnabled}
                      tabIndex={date === tabStop ? 0 : -1}
                      onClick={() => {
                        setFocusDate(date);
                        onSelect(date);
                      }}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={cn(
                        "flex size-9 w-full items-center justify-center rounded-md outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-ring/50",
                        isEnabled && "font-medium",
                        // One hover colour each: this page's cn() does not merge conflicting classes.
                        isEnabled && !isSelected && "hover:bg-accent",
                        !isEnabled && "cursor-not-allowed text-muted-foreground/50",
                        date === today && "underline underline-offset-4",
                        isSelected && "bg-primary text-primary-foreground hover:bg-primary/90",
                      )}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
