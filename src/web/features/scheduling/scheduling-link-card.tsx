// One link in the Scheduling Links manager: what a visitor will be offered,
// how far ahead and how soon, who the invite comes from (editable), the public
// URL to copy, an on/off switch (only active links are public) and Delete
// behind a confirmation.
import { Check, Copy, ExternalLink, Pencil, Trash2 } from "lucide-react";
import { useId, useRef, useState } from "react";
import { type SchedulingLinkDto, schedulingMessages } from "#shared/scheduling/scheduling.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Switch } from "#web/components/ui/switch.tsx";
import { toast } from "#web/lib/toast.ts";
import { formatDays, formatDuration, formatWindow, zoneShortName } from "./schedule-format.ts";
import { SchedulingLinkRulesForm } from "./scheduling-link-rules-form.tsx";
import { useDeleteSchedulingLink, useSetLinkActive } from "./use-scheduling-links.ts";

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex gap-2">
      <dt className="w-24 shrink-0 text-muted-foreground">{term}</dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}

function CopyableUrl({ link }: { link: SchedulingLinkDto }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  const id = useId();

  async function copy() {
    try {
      await navigator.clipboard.writeText(link.publicUrl);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
      toast.success(schedulingMessages.linkCopied);
    } catch (err) {
      // No clipboard access (an insecure origin, a denied permission): leave the URL selected to copy by hand.
      console.warn("clipboard write failed", err);
      input.current?.select();
      toast.error("Could not copy: select the link and copy it by hand");
    }
  }

  return (
    <div className="space-y-1">
      <Label htmlFor={id} className="text-muted-foreground text-xs">
        Public link
      </Label>
      <div className="flex gap-2">
        <Input
          ref={input}
          id={id}
          readOnly
          value={link.publicUrl}
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()} aria-label={`Copy link: ${link.title}`}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
        <Button variant="ghost" size="icon" asChild>
          <a href={link.publicUrl} target="_blank" rel="noreferrer" aria-label={`Open booking page: ${link.title}`}>
            <ExternalLink aria-hidden />
          </a>
        </Button>
      </div>
    </div>
  );
}

function ActiveSwitch({ link }: { link: SchedulingLinkDto }) {
  const setActive = useSetLinkActive();
  const id = useId();
  // While the change is on its way, show the state asked for; the refreshed list settles it.
  const active = setActive.isPending ? setActive.variables.isActive : link.isActive;

  function change(isActive: boolean) {
    setActive.mutate(
      { id: link.id, isActive },
      {
        onError: (err) => {
          console.warn("scheduling link update failed", err);
          toast.error("Failed to update scheduling link", { description: err.message });
        },
      },
    );
  }

  return (
    <div className="flex items-center gap-2">
      <Switch
        id={id}
        checked={active}
        onCheckedChange={change}
        disabled={setActive.isPending}
        aria-describedby={`${id}-state`}
      />
      <Label htmlFor={id}>Active</Label>
      <span id={`${id}-state`} className="sr-only">
        {active ? "Anyone with the link can book." : "The public page is off: visitors see that the link is not found."}
      </span>
    </div>
  );
}

export function SchedulingLinkCard({ link }: { link: SchedulingLinkDto }) {
  const remove = useDeleteSchedulingLink();
  const titleId = useId();
  const upcoming = link.upcomingMeetings;
  const [editing, setEditing] = useState(false);
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;

  async function confirmDelete() {
    try {
      await remove.mutateAsync(link.id);
      toast.success(schedulingMessages.linkDeleted);
    } catch (err) {
      console.warn("scheduling link delete failed", err);
      toast.error(schedulingMessages.linkDeleteFailed, {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  }

  return (
    <li
      aria-labelledby={titleId}
      className="space-y-3 rounded-lg border p-4 data-[active=false]:bg-muted/40"
      data-active={link.isActive}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h4 id={titleId} className="break-words font-medium">
              {link.title}
            </h4>
            {/* The state is the switch's ('Active' once, issue 28); off, the card says so below. */}
          </div>
          {link.description && <p className="break-words text-muted-foreground text-sm">{link.description}</p>}
        </div>
        <ActiveSwitch link={link} />
      </div>
      <dl className="space-y-1 text-sm">
        <Detail term="Duration">{formatDuration(link.durationMinutes)}</Detail>
        <Detail term="Time">{`${formatWindow(link.availableTimeStart, link.availableTimeEnd)} (${link.timezone}, ${zoneShortName(link.timezone)})`}</Detail>
        <Detail term="Days">{formatDays(link.availableDays)}</Detail>
        <Detail term="Booking">{`Up to ${plural(link.bookingHorizonDays, "day")} ahead, at least ${plural(link.minimumNoticeHours, "hour")}' notice`}</Detail>
        <Detail term="Organizer">{`${link.organizerName} <${link.organizerEmail}>`}</Detail>
        <Detail term="Upcoming">{upcoming === 1 ? "1 meeting" : `${upcoming} meetings`}</Detail>
      </dl>
      {editing && <SchedulingLinkRulesForm link={link} onDone={() => setEditing(false)} />}
      {!link.isActive && (
        <p className="text-muted-foreground text-xs">
          Inactive: the public page shows 'Scheduling link not found' until you turn it back on.
        </p>
      )}
      <CopyableUrl link={link} />
      <div className="flex justify-end gap-2">
        {!editing && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setEditing(true)}
            aria-label={`Edit booking rules: ${link.title}`}
          >
            <Pencil aria-hidden /> Edit rules
          </Button>
        )}
        <ConfirmDialog
          title="Delete scheduling link?"
          description={
            upcoming > 0
              ? `"${link.title}" will stop working, and its ${upcoming === 1 ? "upcoming meeting is" : `${upcoming} upcoming meetings are`} removed from your calendar. This cannot be undone.`
              : `"${link.title}" will stop working for anyone who has it. This cannot be undone.`
          }
          confirmLabel="Delete"
          busyLabel="Deleting..."
          onConfirm={confirmDelete}
          trigger={
            <Button variant="outline" size="sm" className="text-destructive" aria-label={`Delete ${link.title}`}>
              <Trash2 aria-hidden /> Delete
            </Button>
          }
        />
      </div>
    </li>
  );
}
