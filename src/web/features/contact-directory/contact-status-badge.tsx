import { Reply } from "lucide-react";
import {
  type ContactEmailStatus,
  contactEmailStatusLabels,
  type EmailDisplayStatus,
} from "#shared/reporting/display-status.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";

// The same colours as the Emails screen for a send's status.
const variants: Record<ContactEmailStatus, BadgeProps["variant"]> = {
  none: "outline",
  replied: "success",
  opened: "success",
  sent: "default",
  failed: "destructive",
  pending: "warning",
};

/** A contact's email status (Contacts page), or a single send's label. */
export function ContactStatusBadge({ status }: { status: ContactEmailStatus | EmailDisplayStatus }) {
  return (
    <Badge variant={variants[status]}>
      {status === "replied" && <Reply aria-hidden />}
      {contactEmailStatusLabels[status]}
    </Badge>
  );
}
