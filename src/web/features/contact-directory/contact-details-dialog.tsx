// Contacts page → details: contact information with its lead status (set here), a status summary (sent,
// opened, failed), the meetings the address booked through the user's
// scheduling links, the lead's status history and the email history across campaigns, loaded on open
// (one request). At most 80% of the screen high; the content scrolls inside.
import { format } from "date-fns";
import type { ReactNode } from "react";
import type { ContactHistoryMeeting, DirectoryContact } from "#shared/contact-directory/contact-directory.schemas.ts";
import { contactName } from "#shared/contacts/contacts-csv.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#web/components/ui/dialog.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { LeadStatusControl } from "#web/features/lead-status/lead-status-control.tsx";
import { LeadStatusHistory } from "#web/features/lead-status/lead-status-history.tsx";
import { useLeadHistory } from "#web/features/lead-status/use-lead-status.ts";
import { cn } from "#web/lib/cn.ts";
import { ContactStatusBadge } from "./contact-status-badge.tsx";
import { useContactHistory } from "./use-contact-directory.ts";

const when = (iso: string | null) => (iso ? format(new Date(iso), "MMM d, yyyy h:mm a") : "—");

export function ContactDetailsDialog({
  contact,
  onOpenChange,
}: {
  contact: DirectoryContact | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={contact !== null} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[80vh] flex-col gap-0 p-0 sm:max-w-3xl">
        {contact && <DetailsBody contact={contact} />}
      </DialogContent>
    </Dialog>
  );
}

function DetailsBody({ contact }: { contact: DirectoryContact }) {
  const name = contactName(contact);
  // The status as last read with the history (a change here refreshes it), else as the list had it.
  const history = useLeadHistory(contact.email);
  const lead = history.data?.lead ?? contact.leadStatus;
  return (
    <>
      <DialogHeader className="border-b p-6 pr-12">
        <DialogTitle className="break-all">{name || contact.email}</DialogTitle>
        <DialogDescription>
          Contact details, lead status, meetings and email history across your campaigns
        </DialogDescription>
      </DialogHeader>
      <div className="min-h-0 flex-1 space-y-6 overflow-y-auto p-6">
        <section aria-labelledby="contact-information" className="space-y-3">
          <h3 id="contact-information" className="font-semibold text-sm">
            Contact Information
          </h3>
          <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
            <Field label="Name">{name || "—"}</Field>
            <Field label="Email">
              <span className="break-all">{contact.email}</span>
            </Field>
            <Field label="Company">{contact.company || "—"}</Field>
            <Field label="Email Status">
              <ContactStatusBadge status={contact.emailStatus} />
            </Field>
            <Field label="Lead Status">
              <LeadStatusControl email={contact.email} value={lead} />
            </Field>
            <Field label={contact.campaigns.length === 1 ? "Campaign" : "Campaigns"}>
              {contact.campaigns.map((c) => c.name).join(", ")}
            </Field>
            <Field label="Added">{when(contact.addedAt)}</Field>
            <Field label="Replied">{contact.repliedAt ? when(contact.repliedAt) : "No"}</Field>
          </dl>
        </section>

        <section aria-labelledby="status-summary" className="space-y-3">
          <h3 id="status-summary" className="font-semibold text-sm">
            Status Summary
          </h3>
          <div className="grid grid-cols-3 gap-3">
            <Figure label="Sent" value={contact.sent} />
            <Figure label="Opened" value={contact.opened} />
            <Figure label="Failed" value={contact.failed} tone={contact.failed > 0 ? "text-destructive" : undefined} />
          </div>
        </section>

        <section aria-labelledby="status-history" className="space-y-3">
          <h3 id="status-history" className="font-semibold text-sm">
            Status History
          </h3>
          <LeadStatusHistory email={contact.email} />
        </section>

        <section aria-labelledby="contact-meetings" className="space-y-3">
          <h3 id="contact-meetings" className="font-semibold text-sm">
            Meetings
          </h3>
          <Meetings email={contact.email} />
        </section>

        <section aria-labelledby="email-history" className="space-y-3">
          <h3 id="email-history" className="font-semibold text-sm">
            Email History
          </h3>
          <History email={contact.email} />
        </section>
      </div>
    </>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Figure({ label, value, tone }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-lg border p-3 text-center">
      <p className={cn("font-semibold text-2xl tabular-nums", tone)}>{value.toLocaleString("en-US")}</p>
      <p className="text-muted-foreground text-xs">{label}</p>
    </div>
  );
}

const meetingStatus: Record<
  ContactHistoryMeeting["status"],
  { label: string; variant: "secondary" | "success" | "outline" }
> = {
  scheduled: { label: "Scheduled", variant: "secondary" },
  completed: { label: "Completed", variant: "success" },
  cancelled: { label: "Cancelled", variant: "outline" },
};

/** The meetings this address booked with the user; the same request as the email history. */
function Meetings({ email }: { email: string }) {
  const history = useContactHistory(email);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading meetings">
        <Skeleton className="h-9 w-full" />
      </div>
    );
  }
  // The email history below says it failed and offers Try Again (one request serves both).
  if (history.isError) return <p className="text-muted-foreground text-sm">Meetings could not be loaded</p>;
  const meetings = history.data.meetings;
  if (meetings.length === 0) return <p className="text-muted-foreground text-sm">No meetings</p>;
  return (
    <div className="rounded-lg border">
      <Table aria-label="Meetings">
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Duration</TableHead>
            <TableHead>Scheduling Link</TableHead>
            <TableHead>Status</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {meetings.map((meeting) => {
            const status = meetingStatus[meeting.status];
            return (
              <TableRow key={meeting.id}>
                <TableCell>{when(meeting.startsAt)}</TableCell>
                <TableCell className="tabular-nums">{meeting.durationMinutes} min</TableCell>
                <TableCell className="max-w-56 truncate" title={meeting.linkTitle}>
                  {meeting.linkTitle}
                </TableCell>
                <TableCell>
                  <Badge variant={status.variant}>{status.label}</Badge>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {history.data.meetingsTruncated && (
        <p className="border-t p-3 text-muted-foreground text-xs">Showing the {meetings.length} latest meetings.</p>
      )}
    </div>
  );
}

function History({ email }: { email: string }) {
  const history = useContactHistory(email);
  if (history.isPending) {
    return (
      <div role="status" aria-label="Loading email history" className="space-y-2">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-9 w-full" />
        ))}
      </div>
    );
  }
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border p-6 text-center">
        <p className="text-sm">Failed to load email history</p>
        <Button variant="outline" size="sm" onClick={() => void history.refetch()}>
          Try Again
        </Button>
      </div>
    );
  }
  const sends = history.data.sends;
  if (sends.length === 0) {
    return (
      <p className="rounded-lg border border-dashed p-6 text-center text-muted-foreground text-sm">
        No emails sent to this contact yet
      </p>
    );
  }
  return (
    <div className="rounded-lg border">
      <Table aria-label="Email history">
        <TableHeader>
          <TableRow>
            <TableHead>Campaign</TableHead>
            <TableHead>Step</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Sent</TableHead>
            <TableHead>Opened</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {sends.map((send) => (
            <TableRow key={send.id}>
              <TableCell className="max-w-56 truncate" title={send.campaignName ?? undefined}>
                {send.campaignName ?? "Unknown Campaign"}
              </TableCell>
              <TableCell className="tabular-nums">{send.stepNumber ?? "—"}</TableCell>
              <TableCell>
                <ContactStatusBadge status={send.status} />
              </TableCell>
              <TableCell>{when(send.sentAt)}</TableCell>
              <TableCell>{when(send.openedAt)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {history.data.truncated && (
        <p className="border-t p-3 text-muted-foreground text-xs">Showing the {sends.length} most recent emails.</p>
      )}
    </div>
  );
}
