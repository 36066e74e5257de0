// Every screen is its own chunk (React Router's lazy routes): the first load of
// /auth or of a public booking page fetches only what that page needs, never
// the signed-in app (RequireAuth, AppShell and the screens load with the first
// signed-in route; TanStack Query with the query layout, which /auth and the
// public pages do not use). Only the tiny pieces every page shares are imported here:
// the root layout with its loading states, the route error and OpenPage.
import type { ComponentType, ReactNode } from "react";
import { createBrowserRouter, Navigate, Outlet, type RouteObject } from "react-router";
import { RouteError } from "./components/route-error.tsx";
import { RootLayout, RouteHydrateFallback } from "./components/route-loading.tsx";

/** A lazy route rendering `name` from the module `load` imports (a named export, as everywhere here). */
function screen<M extends Record<K, ComponentType>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}

/** A screen inside the app shell. */
function shellScreen<M extends Record<K, ComponentType>, K extends keyof M>(
  path: string,
  load: () => Promise<M>,
  name: K,
): RouteObject {
  return { path, ...screen(load, name) };
}

function OpenPage({ children }: { children?: ReactNode }) {
  return <main className="mx-auto max-w-3xl p-4 md:p-8">{children ?? <Outlet />}</main>;
}

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    HydrateFallback: RouteHydrateFallback,
    errorElement: <RouteError />,
    children: [
      // Public pages: no session, no auth client, no API client of the signed-in app.
      {
        element: <OpenPage />,
        children: [
          {
            path: "/schedule/:linkCode",
            ...screen(() => import("./features/scheduling/booking-page.tsx"), "BookingPage"),
          },
          {
            path: "/schedule/cancel/:token",
            ...screen(() => import("./features/scheduling/cancel-meeting-page.tsx"), "CancelMeetingPage"),
          },
        ],
      },
      {
        ...screen(() => import("./components/session-layout.tsx"), "SessionLayout"),
        children: [
          { path: "/auth", ...screen(() => import("./features/auth/auth-page.tsx"), "AuthPage") },
          {
            path: "/reset-password",
            ...screen(() => import("./features/auth/reset-password-page.tsx"), "ResetPasswordPage"),
          },
          {
            // Everything with a session but /auth reads through TanStack Query.
            ...screen(() => import("./components/query-layout.tsx"), "QueryLayout"),
            children: [
              {
                ...screen(() => import("./components/capture-only.tsx"), "CaptureOnly"),
                children: [
                  { path: "/outbox", ...screen(() => import("./features/outbox/outbox-page.tsx"), "OutboxPage") },
                  { path: "/outbox/:id", ...screen(() => import("./features/outbox/outbox-page.tsx"), "OutboxPage") },
                ],
              },
              {
                element: <OpenPage />,
                children: [
                  {
                    path: "/gmail-callback",
                    ...screen(() => import("./features/senders/gmail-callback-page.tsx"), "GmailCallbackPage"),
                  },
                ],
              },
              {
                ...screen(() => import("./features/auth/require-auth.tsx"), "RequireAuth"),
                children: [
                  {
                    ...screen(() => import("./features/shell/app-shell.tsx"), "AppShell"),
                    children: [
                      {
                        // The screens' error boundary, inside the shell so the side menu stays when one
                        // screen's chunk cannot be fetched. Not on the lazy screen routes themselves: React
                        // Router renders nothing below a route whose lazy() failed, its own errorElement too.
                        errorElement: <RouteError />,
                        children: [
                          shellScreen("/", () => import("./features/dashboard/dashboard-page.tsx"), "DashboardPage"),
                          shellScreen("/campaigns", () => import("./features/emails/emails-page.tsx"), "EmailsPage"),
                          shellScreen(
                            "/campaigns-overview",
                            () => import("./features/campaigns/overview/campaigns-overview-page.tsx"),
                            "CampaignsOverviewPage",
                          ),
                          shellScreen(
                            "/bulk-email",
                            () => import("./features/bulk/bulk-email-page.tsx"),
                            "BulkEmailPage",
                          ),
                          shellScreen(
                            "/campaigns/create",
                            () => import("./features/campaigns/wizard/create-campaign-page.tsx"),
                            "CreateCampaignPage",
                          ),
                          { path: "/campaigns/edit", element: <Navigate to="/" replace /> },
                          shellScreen(
                            "/campaigns/edit/:id",
                            () => import("./features/campaigns/edit/edit-campaign-page.tsx"),
                            "EditCampaignPage",
                          ),
                          shellScreen(
                            "/calendar",
                            () => import("./features/calendar/calendar-page.tsx"),
                            "CalendarPage",
                          ),
                          shellScreen(
                            "/delivery",
                            () => import("./features/verification/delivery-page.tsx"),
                            "DeliveryPage",
                          ),
                          shellScreen("/inbox", () => import("./features/inbox/inbox-page.tsx"), "InboxPage"),
                          shellScreen(
                            "/inbox/compose",
                            () => import("./features/compose/compose-page.tsx"),
                            "ComposePage",
                          ),
                          shellScreen(
                            "/replies",
                            () => import("./features/mailbox/reply-tracker-page.tsx"),
                            "ReplyTrackerPage",
                          ),
                          shellScreen(
                            "/spam",
                            () => import("./features/mailbox/failed-emails-page.tsx"),
                            "FailedEmailsPage",
                          ),
                          shellScreen(
                            "/email-classification",
                            () => import("./features/mailbox/email-classification-page.tsx"),
                            "EmailClassificationPage",
                          ),
                          shellScreen(
                            "/block-list",
                            () => import("./features/block-list/block-list-page.tsx"),
                            "BlockListPage",
                          ),
                          shellScreen(
                            "/contacts",
                            () => import("./features/contact-directory/contacts-page.tsx"),
                            "ContactsPage",
                          ),
                          shellScreen("/senders", () => import("./features/senders/senders-page.tsx"), "SendersPage"),
                          shellScreen(
                            "/senders/profile/:email",
                            () => import("./features/senders/sender-profile-page.tsx"),
                            "SenderProfilePage",
                          ),
                          shellScreen(
                            "/settings",
                            () => import("./features/settings/settings-page.tsx"),
                            "SettingsPage",
                          ),
                          shellScreen(
                            "/settings/webhooks",
                            () => import("./features/webhooks/webhooks-page.tsx"),
                            "WebhooksPage",
                          ),
                          shellScreen("/debug", () => import("./features/debug/debug-page.tsx"), "DebugPage"),
                        ],
                      },
                    ],
                  },
                ],
              },
              { path: "*", ...screen(() => import("./components/not-found-page.tsx"), "NotFoundPage") },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
