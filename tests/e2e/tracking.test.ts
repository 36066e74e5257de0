// Tracking from the recipient's side (issue 5, tracking and unsubscribe): the
// open pixel loads and is counted on the owner's dashboard; the unsubscribe
// link shows a confirm page, and confirming puts the address on the owner's
// suppression list and stops the contact's sequence.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  campaignStats,
  campaigns,
  contacts,
  emailSends,
  suppressions,
  user,
} from "../../src/server/db/schema/index.ts";
import { trackingUrls } from "../../src/server/mail/tokens.ts";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, useBrowser } from "./support/browser.ts";
import { signedInUser } from "./support/users.ts";

const APP_SECRET = "e2e-secret-e2e-secret-e2e-secret-0123456";

describeJourneys("tracking", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer({ APP_SECRET });
  });
  afterAll(async () => {
    await app?.close();
  });

  /** What the sending engine leaves after step 1 went out to one contact. */
  async function seedSentEmail(email: string) {
    const db = app.database.db;
    const [owner] = await db.select().from(user).where(eq(user.email, email));
    const userId = owner!.id;
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId, name: "Pixel Journey", status: "active" })
      .returning();
    await db.insert(campaignStats).values({ campaignId: campaign!.id, userId, sent: 1 });
    const [contact] = await db
      .insert(contacts)
      .values({ userId, campaignId: campaign!.id, email: "Reader@Example.com", firstName: "Rita" })
      .returning();
    const [send] = await db
      .insert(emailSends)
      .values({
        userId,
        campaignId: campaign!.id,
        contactId: contact!.id,
        toEmail: "Reader@Example.com",
        fromEmail: "me@acme.test",
        subject: "Quick question",
        body: "Hi Rita",
        status: "sent",
        sentAt: new Date(),
      })
      .returning();
    return { userId, contactId: contact!.id, sendId: send!.id, ...trackingUrls(app.baseUrl, APP_SECRET, send!.id) };
  }

  it("counts an open once and unsubscribes through the confirm page", async () => {
    const { page } = browser;
    const owner = await signedInUser(page, app.baseUrl, "tracking");
    const seeded = await seedSentEmail(owner.email);
    const db = app.database.db;
    const row = page
      .getByRole("list", { name: "Your Campaigns" })
      .getByRole("listitem")
      .filter({ hasText: "Pixel Journey" });

    await page.reload();
    await row.getByText("0/1 opened/sent").waitFor();

    // The recipient's mail client loads the pixel (twice: clients reload images).
    const reader = await (await browser.newContext()).newPage();
    for (let i = 0; i < 2; i++) {
      const pixel = await reader.goto(seeded.openPixel);
      expect(pixel?.status()).toBe(200);
      expect(pixel?.headers()["content-type"]).toBe("image/gif");
      expect(pixel?.headers()["cache-control"]).toBe("no-store");
    }
    const [opened] = await db.select().from(emailSends).where(eq(emailSends.id, seeded.sendId));
    expect(opened!.openedAt).toBeInstanceOf(Date);

    await page.reload();
    await row.getByText("1/1 opened/sent").waitFor();

    // The visible unsubscribe link: a page that asks first, then confirms.
    await reader.goto(seeded.unsubscribe);
    await reader.getByRole("heading", { level: 1, name: "Unsubscribe" }).waitFor();
    await reader.getByText("Reader@Example.com").waitFor();
    expect(await db.select().from(suppressions).where(eq(suppressions.userId, seeded.userId))).toEqual([]);
    await reader.getByRole("button", { name: "Confirm unsubscribe" }).click();
    await reader.getByRole("heading", { level: 1, name: "You have been unsubscribed" }).waitFor();

    const suppressed = await db.select().from(suppressions).where(eq(suppressions.userId, seeded.userId));
    expect(suppressed.map((s) => [s.email, s.reason])).toEqual([["reader@example.com", "unsubscribed"]]);
    await eventually(async () => {
      const [contact] = await db.select().from(contacts).where(eq(contacts.id, seeded.contactId));
      return contact?.status;
    }).toBe("unsubscribed");

    // Coming back to the link later shows the outcome, not the button.
    await reader.goto(seeded.unsubscribe);
    await reader.getByRole("heading", { level: 1, name: "You have been unsubscribed" }).waitFor();
    expect(await reader.getByRole("button", { name: "Confirm unsubscribe" }).count()).toBe(0);
  });

  it("shows that a broken unsubscribe link is not valid", async () => {
    const { page } = browser;
    browser.allowConsoleError(/status of 404/, "the page is answered with 404 on purpose");
    const res = await page.goto(`${app.baseUrl}/u/not-a-real-token`);
    expect(res?.status()).toBe(404);
    await page.getByText("This unsubscribe link is not valid.").waitFor();
  });
});
