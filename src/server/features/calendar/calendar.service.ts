// BACKBONE STUB (branch backbone-14 only): the helper replaces this file.
import type { CalendarDayEvents, CalendarMonth } from "#shared/calendar/calendar.schemas.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";

export function createCalendarService(_deps: FeatureDeps) {
  const todo = (): never => {
    throw new AppError("service_unavailable", "not built yet");
  };
  return {
    month: async (_userId: string, _month: string): Promise<CalendarMonth> => todo(),
    day: async (_userId: string, _date: string, _cursor?: string): Promise<CalendarDayEvents> => todo(),
  };
}
