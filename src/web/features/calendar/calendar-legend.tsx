// The legend: each kind's colour and its count for the month shown.
import type { DayCounts } from "#shared/calendar/calendar.schemas.ts";
import { cn } from "#web/lib/cn.ts";
import { eventStyles, legendOrder } from "./event-styles.ts";

export function CalendarLegend({ totals }: { totals: DayCounts | undefined }) {
  return (
    <ul aria-label="Legend" className="flex flex-wrap items-center gap-x-5 gap-y-2 text-sm">
      {legendOrder.map((type) => {
        const style = eventStyles[type];
        return (
          <li key={type} className="flex items-center gap-2">
            <span aria-hidden className={cn("size-3 rounded-full", style.dot)} />
            <span>{style.legend}</span>
            <span className="rounded-md bg-muted px-1.5 py-0.5 font-medium text-xs tabular-nums">
              {totals ? totals[style.count] : "–"}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
