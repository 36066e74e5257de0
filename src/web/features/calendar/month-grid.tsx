// The month grid, Sunday to Saturday. A day with events is a button that
// opens its list: with one event it shows its time and title, with several
// 'N events'. Today is highlighted; days outside the month are dimmed.
import type { CalendarDay } from "#shared/calendar/calendar.schemas.ts";
import { cn } from "#web/lib/cn.ts";
import { type CalendarCell, longDate, monthGrid, timeOfDay } from "./calendar-dates.ts";
import { eventStyles, legendOrder, totalOf } from "./event-styles.ts";

const weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

function DaySummary({ day, timeZone }: { day: CalendarDay; timeZone: string }) {
  const total = totalOf(day.counts);
  if (total === 1 && day.only) {
    const style = eventStyles[day.only.type];
    return (
      <span className={cn("block w-full rounded border px-1.5 py-0.5 text-left text-xs", style.chip)}>
        <span className="block font-medium">{timeOfDay(day.only.at, timeZone)}</span>{" "}
        <span className="line-clamp-2 break-words">{day.only.title}</span>
      </span>
    );
  }
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="font-medium text-xs">{total === 1 ? "1 event" : `${total} events`}</span>
      <span aria-hidden className="flex gap-1">
        {legendOrder
          .filter((type) => day.counts[eventStyles[type].count] > 0)
          .map((type) => (
            <span key={type} className={cn("size-2 rounded-full", eventStyles[type].dot)} />
          ))}
      </span>
    </span>
  );
}

function DayCell({
  cell,
  day,
  today,
  timeZone,
  onOpen,
}: {
  cell: CalendarCell;
  day: CalendarDay | undefined;
  today: boolean;
  timeZone: string;
  onOpen: (date: string) => void;
}) {
  const number = (
    <span
      // A button's name is its visible text (WCAG 2.5.3), with the full date
      // before it for screen readers instead of the bare day number.
      aria-hidden={day ? true : undefined}
      className={cn(
        "inline-flex size-6 items-center justify-center rounded-full text-xs",
        today && "bg-primary font-semibold text-primary-foreground",
      )}
    >
      {Number(cell.date.slice(8))}
    </span>
  );
  return (
    <td
      aria-current={today ? "date" : undefined}
      className={cn(
        "h-24 border p-0 align-top md:h-28",
        // Dimmed by the background only: dimmed text failed the contrast check (axe).
        !cell.inMonth && "bg-muted/60",
        today && "bg-primary/5 ring-2 ring-primary ring-inset",
      )}
    >
      {day ? (
        <button
          type="button"
          onClick={() => onOpen(cell.date)}
          className="flex size-full flex-col items-start gap-1 p-1.5 text-left outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset"
        >
          <span className="sr-only">{longDate(cell.date)}: </span>
          {number}
          <DaySummary day={day} timeZone={timeZone} />
        </button>
      ) : (
        <div className="p-1.5">{number}</div>
      )}
    </td>
  );
}

export function MonthGrid({
  month,
  days,
  today,
  timeZone,
  heading,
  onOpenDay,
}: {
  month: string;
  /** The month's days with events (none while loading). */
  days: CalendarDay[];
  today: string;
  timeZone: string;
  /** The id of the month-year heading that names the grid. */
  heading: string;
  onOpenDay: (date: string) => void;
}) {
  const byDate = new Map(days.map((d) => [d.date, d]));
  return (
    <div className="overflow-x-auto">
      <table aria-labelledby={heading} className="w-full min-w-[42rem] table-fixed border-collapse">
        <thead>
          <tr>
            {weekdays.map((name) => (
              <th key={name} scope="col" className="pb-2 font-medium text-muted-foreground text-xs">
                <abbr title={name} className="no-underline">
                  {name.slice(0, 3)}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthGrid(month).map((week) => (
            <tr key={week[0]!.date}>
              {week.map((cell) => (
                <DayCell
                  key={cell.date}
                  cell={cell}
                  day={cell.inMonth ? byDate.get(cell.date) : undefined}
                  today={cell.date === today}
                  timeZone={timeZone}
                  onOpen={onOpenDay}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
