import {
  BarChart3,
  CalendarDays,
  Contact,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  MailCheck,
  MailWarning,
  MessageSquareReply,
  Send,
  Settings,
  ShieldBan,
  Tags,
} from "lucide-react";

export type NavTab = { id: string; label: string; path: string; icon: LucideIcon };

/** The side menu's tabs: the spec's ids, labels and order, with Block list (issue 31) after Senders. */
export const navTabs: readonly NavTab[] = [
  { id: "dashboard", label: "Dashboard", path: "/", icon: LayoutDashboard },
  { id: "campaigns", label: "Emails", path: "/campaigns", icon: Mail },
  { id: "campaigns-overview", label: "Campaigns", path: "/campaigns-overview", icon: FolderKanban },
  { id: "bulk-email", label: "Email in Bulk", path: "/bulk-email", icon: Send },
  { id: "calendar", label: "Calendar", path: "/calendar", icon: CalendarDays },
  { id: "delivery", label: "Deliverability", path: "/delivery", icon: MailCheck },
  { id: "inbox", label: "Inbox", path: "/inbox", icon: Inbox },
  { id: "replies", label: "Reply Tracker", path: "/replies", icon: MessageSquareReply },
  { id: "spam", label: "Failed emails", path: "/spam", icon: MailWarning },
  { id: "email-classification", label: "Email Classification", path: "/email-classification", icon: Tags },
  { id: "contacts", label: "Contacts", path: "/contacts", icon: Contact },
  { id: "senders", label: "Senders", path: "/senders", icon: BarChart3 },
  { id: "block-list", label: "Block list", path: "/block-list", icon: ShieldBan },
  { id: "settings", label: "Settings", path: "/settings", icon: Settings },
];

/**
 * The tab a path belongs to. The wizard and the editor have their own ids
 * (create-campaign, edit-campaign) that match no side-menu entry.
 */
export function tabIdForPath(pathname: string): string | undefined {
  if (pathname === "/campaigns/create") return "create-campaign";
  if (pathname.startsWith("/campaigns/edit/")) return "edit-campaign";
  return navTabs.find((t) => t.path === pathname)?.id;
}
