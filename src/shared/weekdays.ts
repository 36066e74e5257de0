/**
 * Lowercase weekday names, as stored in sending_days and available_days
 * (db-enums.ts re-exports them). A module of its own so that the public
 * booking page's first load carries these seven names, not every stored enum.
 */
export const weekdays = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type Weekday = (typeof weekdays)[number];
