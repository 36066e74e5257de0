// How each kind of calendar event looks (docs/product.md §8.1, the legend): Scheduled
// blue, Sent green, Failed red, Meetings purple; light and dark themes.
import type { CalendarEventType, DayCounts } from "#shared/calendar/calendar.schemas.ts";

export type EventStyle = {
  /** The event's type as Event Details shows it. */
  label: string;
  /** The legend's label. */
  legend: string;
  /** The legend's counts key. */
  count: keyof DayCounts;
  /** A small swatch or dot. */
  dot: string;
  /** A chip or list row: background, text and border. */
  chip: string;
};

export const eventStyles: Record<CalendarEventType, EventStyle> = {
  scheduled: {
    label: "Scheduled",
    legend: "Scheduled",
    count: "scheduled",
    dot: "bg-blue-500",
    chip: "border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-900 dark:bg-blue-950 dark:text-blue-100",
  },
  sent: {
    label: "Sent",
    legend: "Sent",
    count: "sent",
    dot: "bg-green-500",
    chip: "border-green-200 bg-green-50 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-100",
  },
  failed: {
    label: "Failed",
    legend: "Failed",
    count: "failed",
    dot: "bg-red-500",
    chip: "border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100",
  },
  meeting: {
    label: "Meeting",
    legend: "Meetings",
    count: "meetings",
    dot: "bg-purple-500",
    chip: "border-purple-200 bg-purple-50 text-purple-900 dark:border-purple-900 dark:bg-purple-950 dark:text-purple-100",
  },
};

/** The legend's order. */
export const legendOrder: CalendarEventType[] = ["scheduled", "sent", "failed", "meeting"];

export const totalOf = (c: DayCounts): number => c.scheduled + c.sent + c.failed + c.meetings;
