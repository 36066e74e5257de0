// Steps through the Create Campaign wizard that several journeys share.
import type { Page } from "playwright-core";

/** Create Campaign, then Next twice: Campaign Details → Sender Accounts → Upload Contacts. */
export async function openUploadStep(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/campaigns/create`);
  await page.getByRole("heading", { level: 1, name: "Create Campaign" }).waitFor();
  const next = page.getByRole("button", { name: "Next", exact: true });
  await next.click();
  await next.click();
  await page.getByRole("heading", { name: "Upload Contact List" }).waitFor();
}
