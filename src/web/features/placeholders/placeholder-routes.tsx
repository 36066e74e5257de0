import { PenSquare } from "lucide-react";
import { Link } from "react-router";
import { Button } from "#web/components/ui/button.tsx";
import { ScreenPlaceholder } from "./screen-placeholder.tsx";

// Screens that later issues build. Each says what it will hold.
export const placeholderScreens = {
  emails: (
    <ScreenPlaceholder
      title="Emails"
      subtitle="View and manage your sent emails with opened emails shown first"
      holds="This screen will list every email your campaigns send, with its recipient, campaign, sent and opened dates and status."
    />
  ),
  campaignsOverview: (
    <ScreenPlaceholder
      title="Campaigns"
      holds="This screen will show a card per campaign with its emails, open rate and launch and end dates."
    />
  ),
  bulkEmail: (
    <ScreenPlaceholder
      title="Email in Bulk"
      holds="This screen will send one message to a CSV list of contacts from several sender addresses."
    />
  ),
  calendar: (
    <ScreenPlaceholder
      title="Calendar"
      holds="This month calendar will show scheduled, sent and failed emails and booked meetings, and manage your scheduling links."
    />
  ),
  delivery: (
    <ScreenPlaceholder
      title="Deliverability"
      holds="This screen will verify email addresses one at a time, in bulk or from a CSV file, with deliverability statistics."
    />
  ),
  inbox: (
    <ScreenPlaceholder
      title="Inbox"
      holds="This screen will group sent emails by contact, with opens, failures and replies."
      actions={
        <Button asChild>
          <Link to="/inbox/compose">
            <PenSquare aria-hidden /> Compose
          </Link>
        </Button>
      }
    />
  ),
  replies: (
    <ScreenPlaceholder
      title="Reply Tracker"
      holds="This screen will list contacts who replied and those still awaiting a reply, and let you mark replies by hand."
    />
  ),
  spam: (
    <ScreenPlaceholder
      title="Failed emails"
      holds="This screen will list emails filed as spam and the most recent delivery failures with their causes."
    />
  ),
  emailClassification: (
    <ScreenPlaceholder
      title="Email Classification"
      holds="This screen will sort incoming replies into categories such as interested, not interested and out of office."
    />
  ),
  contacts: (
    <ScreenPlaceholder
      title="Contacts"
      holds="This screen will list every contact across your campaigns with their email status, sends and replies."
    />
  ),
  gmailCallback: (
    <ScreenPlaceholder
      title="Gmail authorization"
      holds="This page will finish connecting a Gmail sender account after Google's consent screen."
    />
  ),
  booking: (
    <ScreenPlaceholder
      title="Schedule a meeting"
      holds="This public page will let a prospect pick a time from a scheduling link and book a meeting."
    />
  ),
};
