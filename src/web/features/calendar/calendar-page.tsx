// The calendar (/calendar; docs/product.md §8.1): a month of scheduled,
// sent and failed emails and meetings, as per-day counts from the server
// (a day's events load when it is opened), in the user's timezone setting.
// 'Create Scheduling Link' opens the Scheduling Links manager; when it closes
// the calendar reloads.
import { ChevronLeft, ChevronRight, Link2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { calendarMessages } from "#shared/calendar/calendar.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { SchedulingLinksDialog } from "../scheduling/scheduling-links-dialog.tsx";
import { useSettingsQuery } from "../settings/use-settings.ts";
import { addMonths, monthHeading, monthOf, todayIn } from "./calendar-dates.ts";
import { CalendarLegend } from "./calendar-legend.tsx";
import { DayEventsDialog } from "./day-events-dialog.tsx";
import { totalOf } from "./event-styles.ts";
import { MonthGrid } from "./month-grid.tsx";
import { useCalendarMonth, useRefreshCalendar } from "./use-calendar.ts";

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

export function CalendarPage() {
  const headingId = useId();
  const settings = useSettingsQuery();
  // null: the month of today (in the user's zone); else the month navigated to.
  const [shownMonth, setShownMonth] = useState<string | null>(null);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const [linksOpen, setLinksOpen] = useState(false);
  const refresh = useRefreshCalendar();

  // Which month is today's depends on the user's zone: wait for the settings
  // (usually cached already), or use the browser's zone if they cannot load.
  const settingsZone = settings.data?.timezone ?? (settings.isError ? browserZone() : null);
  const month = shownMonth ?? (settingsZone ? monthOf(todayIn(settingsZone)) : null);
  const data = useCalendarMonth(month);
  // The month's own zone is what its days were counted in.
  const timeZone = data.data?.timezone ?? settingsZone ?? browserZone();
  const today = todayIn(timeZone);

  useEffect(() => {
    if (!data.isError) return;
    console.warn("calendar month failed to load", data.error);
    toast.error(calendarMessages.loadFailed, { id: "calendar-load-failed" });
  }, [data.isError, data.error]);

  const openDayCounts = data.data?.days.find((d) => d.date === openDay)?.counts;
  if (month === null) return <Spinner label="Loading calendar..." />;

  return (
    <>
      <PageHeader
        title="Calendar"
        subtitle={`Emails and meetings by day, in your timezone (${timeZone})`}
        actions={
          <Button onClick={() => setLinksOpen(true)}>
            <Link2 aria-hidden /> Create Scheduling Link
          </Button>
        }
      />
      <Card>
        <CardContent className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex items-center gap-2">
              <Button
                variant="outline"
                size="icon"
                aria-label="Previous month"
                onClick={() => setShownMonth(addMonths(month, -1))}
              >
                <ChevronLeft aria-hidden />
              </Button>
              <Button variant="outline" onClick={() => setShownMonth(null)}>
                Today
              </Button>
              <Button
                variant="outline"
                size="icon"
                aria-label="Next month"
                onClick={() => setShownMonth(addMonths(month, 1))}
              >
                <ChevronRight aria-hidden />
              </Button>
              <h2 id={headingId} aria-live="polite" className="ml-2 font-semibold text-xl">
                {monthHeading(month)}
              </h2>
            </div>
            <CalendarLegend totals={data.data?.totals} />
          </div>
          {data.isPending && <Spinner label="Loading calendar..." />}
          {data.isError && <LoadFailed message={calendarMessages.loadFailed} onRetry={() => void data.refetch()} />}
          <MonthGrid
            month={month}
            days={data.data?.month === month ? data.data.days : []}
            today={today}
            timeZone={timeZone}
            heading={headingId}
            onOpenDay={setOpenDay}
          />
        </CardContent>
      </Card>
      <DayEventsDialog
        date={openDay}
        total={openDayCounts ? totalOf(openDayCounts) : 0}
        timeZone={timeZone}
        onClose={() => setOpenDay(null)}
      />
      <SchedulingLinksDialog
        open={linksOpen}
        onOpenChange={(open) => {
          setLinksOpen(open);
          // A link changed (or was booked meanwhile): what the calendar shows may have too.
          if (!open) void refresh();
        }}
      />
    </>
  );
}
