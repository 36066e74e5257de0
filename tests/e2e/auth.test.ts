// Access and sign-in journeys (docs/product.md §2: routes, access
// guard, /auth and its messages), with the confirmation email read from the
// capture-mode outbox as a local user would.
import { afterAll, beforeAll, expect, it } from "vitest";
import { type AppServer, startAppServer } from "./support/app-server.ts";
import { describeJourneys, eventually, toast, toasts, useBrowser } from "./support/browser.ts";
import { expectNoClassConflicts } from "./support/class-conflicts.ts";
import { createVerifiedUser, newUser, signInThroughForm, signUpThroughApi } from "./support/users.ts";

describeJourneys("sign-in and access", () => {
  const browser = useBrowser();
  let app: AppServer;

  beforeAll(async () => {
    app = await startAppServer();
  });
  afterAll(async () => {
    await app?.close();
  });

  it("sends a visitor from / to /auth, replacing the history entry", async () => {
    const { page } = browser;
    await page.goto("about:blank");
    await page.goto(`${app.baseUrl}/`);
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    // With a pushed entry, Back would return to "/" (and bounce to /auth again).
    await page.goBack();
    await eventually(() => page.url()).toBe("about:blank");
  });

  it("signs up, confirms from the local outbox and lands on the dashboard signed in", async () => {
    const { page } = browser;
    // An earlier message, so "newest first" is checked against something.
    await signUpThroughApi(app.baseUrl, newUser("earlier"));
    const user = newUser("signup");

    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign Up" }).click();
    const form = page.getByRole("tabpanel", { name: "Sign Up" });
    await form.getByLabel("Full Name").fill(user.fullName);
    await form.getByLabel("Email").fill(user.email);
    await form.getByLabel("Password").fill(user.password);
    await form.getByRole("button", { name: "Sign Up" }).click();

    const sent = toast(page, "Check your email");
    await sent.getByText("We sent you a confirmation link to complete your signup.").waitFor();
    expect(await sent.getAttribute("data-type")).toBe("success");

    await page.getByRole("link", { name: "local outbox" }).click();
    await page.waitForURL(`${app.baseUrl}/outbox`);
    const messages = page.getByRole("list", { name: "Captured messages" }).getByRole("link");
    await eventually(() => messages.count()).toBeGreaterThanOrEqual(2);
    const newest = messages.first();
    expect(await newest.textContent()).toContain("Confirm your Coldreach account");
    expect(await newest.textContent()).toContain(`To: ${user.email}`);

    await newest.click();
    await page.getByRole("heading", { name: "Confirm your Coldreach account" }).waitFor();
    const message = page.frameLocator('iframe[title="Message: Confirm your Coldreach account"]');
    // No sign-up name in mail to an unconfirmed address (issue 27).
    await message.getByText("Hi,", { exact: true }).waitFor();
    await message.getByRole("link", { name: "Confirm email address" }).click();

    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByRole("complementary").getByText(user.email, { exact: true }).waitFor();
  });

  it("shows 'Login Error' for a wrong password and stays on /auth", async () => {
    const { page } = browser;
    // The browser logs every failed fetch; the 401 is the answer under test.
    browser.allowConsoleError(
      /\/api\/auth\/sign-in\/email: .*status of 401/,
      "sign-in with a wrong password is answered 401",
    );
    const user = await createVerifiedUser(app.baseUrl, "wrongpw");

    await page.goto(`${app.baseUrl}/auth`);
    const form = page.getByRole("tabpanel", { name: "Sign In" });
    await form.getByLabel("Email").fill(user.email);
    await form.getByLabel("Password").fill("not-the-password");
    await form.getByRole("button", { name: "Sign In" }).click();

    const error = toast(page, "Login Error");
    await error.waitFor();
    expect(await error.getAttribute("data-type")).toBe("error");
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("does nothing when Sign In or Sign Up is pressed with an empty email or password", async () => {
    const { page } = browser;
    const authCalls: string[] = [];
    page.on("request", (req) => {
      if (/\/api\/auth\/sign-(in|up)\//.test(req.url())) authCalls.push(req.url());
    });
    await page.goto(`${app.baseUrl}/auth`);

    const signIn = page.getByRole("tabpanel", { name: "Sign In" });
    await signIn.getByRole("button", { name: "Sign In" }).click();
    await signIn.getByLabel("Email").fill("someone@example.com");
    await signIn.getByRole("button", { name: "Sign In" }).click();

    await page.getByRole("tab", { name: "Sign Up" }).click();
    const signUp = page.getByRole("tabpanel", { name: "Sign Up" });
    await signUp.getByLabel("Full Name").fill("No Password");
    await signUp.getByLabel("Email").fill("someone@example.com");
    await signUp.getByRole("button", { name: "Sign Up" }).click();

    // Give a request or a toast time to appear; none may.
    await page.waitForTimeout(500);
    expect(authCalls).toEqual([]);
    expect(await toasts(page).getByRole("listitem").count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/auth");
  });

  it("signs out to /auth with 'Signed out successfully' and guards protected routes again", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "signout");
    await signInThroughForm(page, app.baseUrl, user);
    const refused: string[] = [];
    page.on("response", (res) => {
      if (res.status() === 401) refused.push(`${res.request().method()} ${new URL(res.url()).pathname}`);
    });

    await page.getByRole("button", { name: "Sign Out" }).click();
    await toast(page, "Signed out successfully").waitFor();
    await page.waitForURL(`${app.baseUrl}/auth`);
    // Long enough for a query retry (TanStack waits 1 s before the first one).
    await page.waitForTimeout(1500);

    await page.goto(`${app.baseUrl}/settings`);
    await page.waitForURL(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    // A signed-out app must not keep asking for the user's data (each refusal is also a console error).
    expect(refused, "API calls refused with 401 after signing out").toEqual([]);
  });

  it("sends a signed-in user away from /auth to the dashboard", async () => {
    const { page } = browser;
    const user = await createVerifiedUser(app.baseUrl, "already");
    await signInThroughForm(page, app.baseUrl, user);
    await page.goto(`${app.baseUrl}/auth`);
    await page.waitForURL(`${app.baseUrl}/`);
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });

  it("stays signed in when a session read is refused (429) or fails, and reads it again", async () => {
    const { page } = browser;
    browser.allowConsoleError(/429 \(Too Many Requests\)/, "the session read answered 429 on purpose");
    browser.allowConsoleError(/net::ERR_FAILED/, "the session read failed on purpose");
    const user = await createVerifiedUser(app.baseUrl, "steady");
    await signInThroughForm(page, app.baseUrl, user);

    // Refused twice (it keeps reading, with a longer wait), then failing once on the network.
    for (const [failure, times] of [
      ["429", 2],
      ["network", 1],
    ] as const) {
      let failed = 0;
      let answered = 0;
      await page.route("**/api/auth/get-session*", async (route) => {
        if (failed < times) {
          failed++;
          if (failure === "network") return route.abort("failed");
          return route.fulfill({
            status: 429,
            headers: { "retry-after": "1" },
            json: { code: "RATE_LIMITED", message: "Too many attempts from your network." },
          });
        }
        answered++;
        return route.continue();
      });
      await page.goto(`${app.baseUrl}/settings`);
      await page.getByRole("heading", { level: 1, name: "Settings" }).waitFor();
      expect(page.url()).toBe(`${app.baseUrl}/settings`);
      expect(failed).toBe(times);
      // The session was read again after the failures: the page came from that answer.
      expect(answered).toBeGreaterThan(0);
      await page.unroute("**/api/auth/get-session*");
    }
  });

  it("disables 'Continue with Google' with an explanation when Google is not configured", async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/auth`);
    const google = page.getByRole("button", { name: "Continue with Google" });
    await google.waitFor();
    await eventually(() => google.isDisabled()).toBe(true);
    const hint =
      "Google sign-in is not configured on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable it.";
    await page.getByText(hint).waitFor();
    // The explanation is the button's accessible description, not just nearby text.
    const describedBy = await google.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    expect(await page.locator(`[id="${describedBy}"]`).textContent()).toBe(hint);
  });

  it("sends the browser to Google's consent page when Google is configured", async () => {
    const withGoogle = await startAppServer({ GOOGLE_CLIENT_ID: "e2e-client-id", GOOGLE_CLIENT_SECRET: "e2e-secret" });
    try {
      const { page } = browser;
      // Google itself is not reached: the consent request is answered here.
      await page.route("https://accounts.google.com/**", (route) =>
        route.fulfill({ contentType: "text/html", body: "<h1>Google consent</h1>" }),
      );
      await page.goto(`${withGoogle.baseUrl}/auth`);
      const google = page.getByRole("button", { name: "Continue with Google" });
      await eventually(() => google.isEnabled()).toBe(true);
      await google.click();
      await page.waitForURL(/^https:\/\/accounts\.google\.com\//);
      const consent = new URL(page.url());
      expect(consent.searchParams.get("client_id")).toBe("e2e-client-id");
      expect(consent.searchParams.get("redirect_uri")).toBe(`${withGoogle.baseUrl}/api/auth/callback/google`);
      expect(consent.searchParams.get("state")).toBeTruthy();
    } finally {
      await withGoogle.close();
    }
  });

  it("renders /auth without relying on merged classes (tailwind-merge is not loaded there)", async () => {
    const { page } = browser;
    await page.goto(`${app.baseUrl}/auth`);
    await page.getByRole("tab", { name: "Sign In" }).waitFor();
    await expectNoClassConflicts(page, "/auth, Sign In");
    await page.getByRole("tab", { name: "Sign In" }).press("ArrowRight");
    await page.getByRole("tabpanel", { name: "Sign Up" }).getByLabel("Full Name").waitFor();
    expect(await page.getByRole("tab", { name: "Sign Up" }).evaluate((el) => el.matches(":focus"))).toBe(true);
    await expectNoClassConflicts(page, "/auth, Sign Up");
  });
});
