// The API docs page (/api/docs, src/server/http/api-docs.ts): a user tries a
// call with an API key typed into the page's auth box, and the request goes
// out with it as a bearer token (docs/decisions/034-openapi-document-for-clients.md).
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, useBrowser } from "./support/browser.ts";

describeJourneys("API docs", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("offers the bearer API key first and sends the typed key with a test request", async () => {
    const { page } = browser;
    browser.allowConsoleError(/status of 401/, "a key nobody issued is refused with 401, on purpose");
    const sent: (string | undefined)[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname === "/api/campaigns") sent.push(r.headers().authorization);
    });
    await page.goto(`${app.baseUrl}/api/docs`);
    await page.getByRole("heading", { name: "Coldreach API" }).waitFor();
    await page.getByRole("button", { name: "Selected Auth Type: bearerAuth" }).waitFor();
    await page.getByRole("textbox", { name: "Bearer Token" }).first().fill("cr_test_not_a_real_key");

    const sidebar = page.getByRole("navigation", { name: "Sidebar for Coldreach API" });
    await sidebar.getByRole("button", { name: "Campaigns Open Group" }).click();
    await sidebar.getByRole("button", { name: /^The user's campaigns, newest first/ }).click();
    const operation = page.getByRole("region", { name: "The user's campaigns, newest first, with their counters" });
    // The example request shows the scheme the key goes out with.
    await operation.getByText("Authorization: Bearer").waitFor();
    await operation.getByRole("button", { name: "Test Request (get /api/campaigns)" }).click();
    await page.keyboard.press("Control+Enter");
    await page.getByText("401 Unauthorized").waitFor();
    expect(sent).toEqual(["Bearer cr_test_not_a_real_key"]);
  });
});
