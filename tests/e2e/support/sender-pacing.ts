// A sender added by hand gets 2–5 minutes between sends; journeys about
// something else (daily limits, variants) turn it off through its Pacing
// dialog, as a user who wants every email out at once would.
import type { Page } from "playwright-core";
import { toast } from "./browser.ts";

export async function turnPacingOff(page: Page, email: string): Promise<void> {
  const list = page.getByRole("list", { name: "Sender accounts" });
  await list.getByText("2–5 min between sends").waitFor();
  await list.getByRole("button", { name: `Pacing of ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Pacing of ${email}` });
  await dialog.getByRole("button", { name: "Turn pacing off" }).click();
  await toast(page, "Pacing turned off").waitFor();
  await list.getByText("No pacing: sends as fast as its daily limit allows").waitFor();
}
