import type { ReactNode } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { FullPageSpinner } from "./components/full-page-spinner.tsx";
import { NotFoundPage } from "./components/not-found-page.tsx";
import { useAppInfo } from "./features/app-info/use-app-info.ts";
import { AuthPage } from "./features/auth/auth-page.tsx";
import { RequireAuth } from "./features/auth/require-auth.tsx";
import { BulkEmailPage } from "./features/bulk/bulk-email-page.tsx";
import { CalendarPage } from "./features/calendar/calendar-page.tsx";
import { EditCampaignPage } from "./features/campaigns/edit/edit-campaign-page.tsx";
import { CampaignsOverviewPage } from "./features/campaigns/overview/campaigns-overview-page.tsx";
import { CreateCampaignPage } from "./features/campaigns/wizard/create-campaign-page.tsx";
import { ComposePage } from "./features/compose/compose-page.tsx";
import { ContactsPage } from "./features/contact-directory/contacts-page.tsx";
import { DashboardPage } from "./features/dashboard/dashboard-page.tsx";
import { DebugPage } from "./features/debug/debug-page.tsx";
import { EmailsPage } from "./features/emails/emails-page.tsx";
import { InboxPage } from "./features/inbox/inbox-page.tsx";
import { EmailClassificationPage } from "./features/mailbox/email-classification-page.tsx";
import { FailedEmailsPage } from "./features/mailbox/failed-emails-page.tsx";
import { ReplyTrackerPage } from "./features/mailbox/reply-tracker-page.tsx";
import { OutboxPage } from "./features/outbox/outbox-page.tsx";
import { BookingPage } from "./features/scheduling/booking-page.tsx";
import { CancelMeetingPage } from "./features/scheduling/cancel-meeting-page.tsx";
import { GmailCallbackPage } from "./features/senders/gmail-callback-page.tsx";
import { SenderProfilePage } from "./features/senders/sender-profile-page.tsx";
import { SendersPage } from "./features/senders/senders-page.tsx";
import { SettingsPage } from "./features/settings/settings-page.tsx";
import { AppShell } from "./features/shell/app-shell.tsx";
import { DeliveryPage } from "./features/verification/delivery-page.tsx";

/** /outbox exists only in capture mode; in live mode it is the 404 page. */
function CaptureOnly({ children }: { children: ReactNode }) {
  const info = useAppInfo();
  if (info.isPending) return <FullPageSpinner label="Loading..." />;
  return info.data?.mailDelivery === "capture" ? children : <NotFoundPage />;
}

function OpenPage({ children }: { children: ReactNode }) {
  return <main className="mx-auto max-w-3xl p-4 md:p-8">{children}</main>;
}

export const router = createBrowserRouter([
  { path: "/auth", element: <AuthPage /> },
  {
    path: "/outbox",
    element: (
      <CaptureOnly>
        <OutboxPage />
      </CaptureOnly>
    ),
  },
  {
    path: "/outbox/:id",
    element: (
      <CaptureOnly>
        <OutboxPage />
      </CaptureOnly>
    ),
  },
  {
    path: "/gmail-callback",
    element: (
      <OpenPage>
        <GmailCallbackPage />
      </OpenPage>
    ),
  },
  {
    path: "/schedule/:linkCode",
    element: (
      <OpenPage>
        <BookingPage />
      </OpenPage>
    ),
  },
  {
    path: "/schedule/cancel/:token",
    element: (
      <OpenPage>
        <CancelMeetingPage />
      </OpenPage>
    ),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppShell />,
        children: [
          { path: "/", element: <DashboardPage /> },
          { path: "/campaigns", element: <EmailsPage /> },
          { path: "/campaigns-overview", element: <CampaignsOverviewPage /> },
          { path: "/bulk-email", element: <BulkEmailPage /> },
          { path: "/campaigns/create", element: <CreateCampaignPage /> },
          { path: "/campaigns/edit", element: <Navigate to="/" replace /> },
          { path: "/campaigns/edit/:id", element: <EditCampaignPage /> },
          { path: "/calendar", element: <CalendarPage /> },
          { path: "/delivery", element: <DeliveryPage /> },
          { path: "/inbox", element: <InboxPage /> },
          { path: "/inbox/compose", element: <ComposePage /> },
          { path: "/replies", element: <ReplyTrackerPage /> },
          { path: "/spam", element: <FailedEmailsPage /> },
          { path: "/email-classification", element: <EmailClassificationPage /> },
          { path: "/contacts", element: <ContactsPage /> },
          { path: "/senders", element: <SendersPage /> },
          { path: "/senders/profile/:email", element: <SenderProfilePage /> },
          { path: "/settings", element: <SettingsPage /> },
          { path: "/debug", element: <DebugPage /> },
        ],
      },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
]);
