import { format } from "date-fns";

/** A date and time in the Inbox, e.g. "Nov 20, 2026, 09:01". */
export const dateTime = (iso: string) => format(new Date(iso), "MMM d, yyyy, HH:mm");
