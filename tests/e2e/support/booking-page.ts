// The public booking page, as a visitor drives it in the journeys.
import type { Page } from "playwright-core";
import { eventually } from "./browser.ts";

/**
 * Picks the picker's first enabled date that has a free time (today may be
 * over in the link's zone), moving on to the next month when one runs out.
 * Returns the chosen date's accessible name (its long date).
 */
export async function pickFirstDateWithTimes(page: Page): Promise<string> {
  const picker = page.getByRole("table", { name: /\d{4}$/ });
  const times = page.getByRole("group", { name: "Choose a time" });
  const none = page.getByText("No free times on this date. Please choose another date.");
  for (let month = 0; month < 2; month++) {
    const enabled = picker.getByRole("button", { disabled: false });
    const count = await enabled.count();
    for (let i = 0; i < count; i++) {
      const date = enabled.nth(i);
      const name = (await date.getAttribute("aria-label"))!;
      await date.click();
      // The date goes into the address: the router commits it in a transition, after the click returns.
      await eventually(() => date.getAttribute("aria-pressed")).toBe("true");
      await times.or(none).first().waitFor();
      if (await times.isVisible()) return name;
    }
    await page.getByRole("button", { name: "Next month" }).click();
  }
  throw new Error("no date with a free time in two months");
}
