// The outbox's attachments: calendar invites as a summary card (what a mail
// client shows: title, when, organizer, attendees, method) and every file with
// a download link. Downloads are plain links to the API, which answers with
// Content-Disposition: attachment.
import { CalendarDays, Download, FileText } from "lucide-react";
import type { InviteSummary, OutboxAttachment } from "#shared/outbox/outbox.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";

export function attachmentUrl(messageId: string, index: number): string {
  return `/api/outbox/${encodeURIComponent(messageId)}/attachments/${index}`;
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes.toLocaleString("en-US")} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} KB`;
  return `${(bytes / 1024 / 1024).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
}

const day = new Intl.DateTimeFormat("en-US", { weekday: "long", year: "numeric", month: "long", day: "numeric" });
const dayUtc = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
const time = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short" });
const timeOnly = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit" });

/** "Monday, March 1, 2027, 11:00 AM – 11:30 AM GMT+1" in the viewer's zone; an all-day event by its date. */
export function formatWhen(invite: InviteSummary): string {
  if (!invite.startsAt) return "—";
  const start = new Date(invite.startsAt);
  if (invite.allDay) return `${dayUtc.format(start)} (all day)`;
  const end = invite.endsAt ? new Date(invite.endsAt) : null;
  if (!end) return `${day.format(start)}, ${time.format(start)}`;
  const sameDay = day.format(start) === day.format(end);
  return sameDay
    ? `${day.format(start)}, ${timeOnly.format(start)} – ${time.format(end)}`
    : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
}

function personText(p: { email: string | null; name: string | null }): string {
  if (p.name && p.email) return `${p.name} <${p.email}>`;
  return p.name ?? p.email ?? "—";
}

/** NEEDS-ACTION → "Needs action". */
function statusText(status: string): string {
  const words = status.toLowerCase().replaceAll("-", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function DownloadLink({ href, label, children }: { href: string; label: string; children: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download aria-label={label}>
        <Download aria-hidden /> {children}
      </a>
    </Button>
  );
}

function InviteCard({ messageId, attachment }: { messageId: string; attachment: OutboxAttachment }) {
  const invite = attachment.invite;
  const title = invite?.title ?? "(untitled event)";
  const method = attachment.method ?? invite?.method ?? null;
  return (
    <section aria-label={`Invite: ${title}`} className="space-y-3 rounded-lg border p-4">
      <div className="flex flex-wrap items-center gap-2">
        <CalendarDays className="size-5 text-primary" aria-hidden />
        <h3 className="font-semibold">{title}</h3>
        {method && <Badge variant="secondary">{method}</Badge>}
      </div>
      {invite ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">When</dt>
          <dd>{formatWhen(invite)}</dd>
          <dt className="text-muted-foreground">Organizer</dt>
          <dd className="break-all">{invite.organizer ? personText(invite.organizer) : "—"}</dd>
          <dt className="text-muted-foreground">Attendees</dt>
          <dd>
            {invite.attendees.length === 0 ? (
              "—"
            ) : (
              <ul className="space-y-1">
                {invite.attendees.map((a, i) => (
                  // Attendees have no id; the same person may be listed twice.
                  // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed for the message
                  <li key={i} className="break-all">
                    {personText(a)}
                    {a.status && <span className="text-muted-foreground"> · {statusText(a.status)}</span>}
                  </li>
                ))}
              </ul>
            )}
          </dd>
          <dt className="text-muted-foreground">Method</dt>
          <dd>{method ?? "—"}</dd>
        </dl>
      ) : (
        <p className="text-muted-foreground text-sm">This invite could not be read; download it to see it whole.</p>
      )}
      <DownloadLink href={attachmentUrl(messageId, attachment.index)} label="Download .ics">
        Download .ics
      </DownloadLink>
    </section>
  );
}

export function MessageAttachments({ messageId, attachments }: { messageId: string; attachments: OutboxAttachment[] }) {
  if (attachments.length === 0) {
    return <p className="text-muted-foreground text-sm">This message has no attachments.</p>;
  }
  const invites = attachments.filter((a) => a.isInvite && a.duplicateOf === null);
  const named = new Map<string, number>();
  for (const a of attachments) named.set(a.filename, (named.get(a.filename) ?? 0) + 1);
  // Two files of one name (invite.ics twice) still get links with different names.
  const label = (a: OutboxAttachment) =>
    (named.get(a.filename) ?? 0) > 1 ? `Download ${a.filename} (#${a.index + 1})` : `Download ${a.filename}`;
  return (
    <div className="space-y-4">
      {invites.map((a) => (
        <InviteCard key={a.index} messageId={messageId} attachment={a} />
      ))}
      <ul aria-label="Attachments" className="divide-y rounded-lg border">
        {attachments.map((a) => {
          const original = a.duplicateOf === null ? undefined : attachments[a.duplicateOf];
          return (
            <li key={a.index} className="flex flex-wrap items-center gap-3 p-3 text-sm">
              {a.isInvite ? (
                <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              ) : (
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <div className="min-w-0 flex-1">
                <p className="break-all font-medium">{a.filename}</p>
                <p className="text-muted-foreground text-xs">
                  {a.contentType} · {formatBytes(a.size)}
                  {original && ` · same content as ${original.filename} (#${original.index + 1})`}
                </p>
              </div>
              <DownloadLink href={attachmentUrl(messageId, a.index)} label={label(a)}>
                Download
              </DownloadLink>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
