// Users for journeys that are not about signing up: created through the HTTP
// API (sign-up, then the confirmation link read from the capture outbox), then
// signed in through the API on the browser's context, or through the browser's
// form like a person would (signInThroughForm, for the journeys about it).
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";

export type TestUser = { email: string; password: string; fullName: string };

/** A fresh address per test, so tests never share a user. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

export function newUser(prefix?: string): TestUser {
  return { email: uniqueEmail(prefix), password: "correct-horse-battery", fullName: "Journey Tester" };
}

type OutboxSummary = { id: string; to: string[]; subject: string };

/** The newest captured message to `email`, read through the outbox API. */
export async function latestMessageTo(
  baseUrl: string,
  email: string,
): Promise<{ subject: string; text: string | null }> {
  const list = (await (await fetch(`${baseUrl}/api/outbox?limit=100`)).json()) as { messages: OutboxSummary[] };
  const summary = list.messages.find((m) => m.to.includes(email));
  if (!summary) throw new Error(`no captured message to ${email}`);
  return (await (await fetch(`${baseUrl}/api/outbox/${summary.id}`)).json()) as {
    subject: string;
    text: string | null;
  };
}

export async function signUpThroughApi(baseUrl: string, user: TestUser): Promise<void> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({
      email: user.email,
      password: user.password,
      name: user.fullName,
      fullName: user.fullName,
      callbackURL: "/",
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
}

/** Signs a user up and confirms the address; the user is not signed in anywhere. */
export async function createVerifiedUser(baseUrl: string, prefix?: string): Promise<TestUser> {
  const user = newUser(prefix);
  await signUpThroughApi(baseUrl, user);
  const { text } = await latestMessageTo(baseUrl, user.email);
  const link = text?.match(/https?:\/\/\S+verify-email\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the message to ${user.email}`);
  const res = await fetch(link, { redirect: "manual" });
  if (res.status >= 400) throw new Error(`confirmation link failed: ${res.status} ${await res.text()}`);
  return user;
}

/** Signs in through the /auth form and waits for the dashboard. */
export async function signInThroughForm(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${baseUrl}/auth`);
  const form = page.getByRole("tabpanel", { name: "Sign In" });
  await form.getByLabel("Email").fill(user.email);
  await form.getByLabel("Password").fill(user.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}

/** A verified user, signed in on `page`. */
export async function signedInUser(page: Page, baseUrl: string, prefix?: string): Promise<TestUser> {
  const user = await createVerifiedUser(baseUrl, prefix);
  await signInThroughApi(page, baseUrl, user);
  return user;
}

/**
 * Signs in with the API on the page's browser context (its request context
 * shares the context's cookies), then opens the dashboard. For journeys that are
 * not about signing in: the form itself is the auth journeys' subject
 * (auth.test.ts), and going through it for every other journey cost about a
 * second each.
 */
export async function signInThroughApi(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  const res = await page.context().request.post(`${baseUrl}/api/auth/sign-in/email`, {
    headers: { origin: baseUrl },
    data: { email: user.email, password: user.password },
  });
  if (!res.ok()) throw new Error(`sign-in failed: ${res.status()} ${await res.text()}`);
  await page.goto(`${baseUrl}/`);
  await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
}
