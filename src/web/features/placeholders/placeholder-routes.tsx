import { ScreenPlaceholder } from "./screen-placeholder.tsx";

// Screens that later issues build. Each says what it will hold.
export const placeholderScreens = {
  booking: (
    <ScreenPlaceholder
      title="Schedule a meeting"
      holds="This public page will let a prospect pick a time from a scheduling link and book a meeting."
    />
  ),
};
