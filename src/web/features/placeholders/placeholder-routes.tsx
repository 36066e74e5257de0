import { ScreenPlaceholder } from "./screen-placeholder.tsx";

// Screens that later issues build. Each says what it will hold.
export const placeholderScreens = {
  calendar: (
    <ScreenPlaceholder
      title="Calendar"
      holds="This month calendar will show scheduled, sent and failed emails and booked meetings, and manage your scheduling links."
    />
  ),
};
