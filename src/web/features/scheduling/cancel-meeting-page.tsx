// /schedule/cancel/{token}: the link in a booking's confirmation email. It
// shows the meeting and lets the prospect cancel it (the slot is freed and
// the owner told). Open page: publicApi only, no sign-in.
import { CalendarX2, CircleCheck } from "lucide-react";
import { type ReactNode, useEffect } from "react";
import { useParams } from "react-router";
import type { PublicMeeting } from "#shared/scheduling/scheduling.schemas.ts";
import { schedulingMessages } from "#shared/scheduling/scheduling-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-error.ts";
import { toast } from "#web/lib/toast.ts";
import { useCancelMeeting, usePublicMeeting } from "./public-booking-api.ts";
import {
  formatClock,
  formatDuration,
  formatLongDate,
  visitorLocalTime,
  visitorTimeZone,
  zoneShortName,
} from "./schedule-format.ts";

function MeetingDetails({ meeting }: { meeting: PublicMeeting }) {
  const local = visitorLocalTime(meeting.startsAt, meeting.timezone, visitorTimeZone());
  return (
    <dl className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left text-sm">
      <dt className="text-muted-foreground">Meeting</dt>
      <dd>{meeting.title}</dd>
      <dt className="text-muted-foreground">Date</dt>
      <dd>{formatLongDate(meeting.date)}</dd>
      <dt className="text-muted-foreground">Time</dt>
      <dd>
        <span className="block">
          {formatClock(meeting.time)} {zoneShortName(meeting.timezone, new Date(meeting.startsAt))}
        </span>
        {local && (
          <span className="block text-muted-foreground">
            {local.time} {local.zone} your time
          </span>
        )}
      </dd>
      <dt className="text-muted-foreground">Duration</dt>
      <dd>{formatDuration(meeting.durationMinutes)}</dd>
    </dl>
  );
}

function Screen({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
        {icon}
        <h1 className="font-semibold text-2xl">{title}</h1>
        {children}
      </CardContent>
    </Card>
  );
}

export function CancelMeetingPage() {
  const { token = "" } = useParams();
  const meeting = usePublicMeeting(token);
  const cancel = useCancelMeeting(token);
  const notFound = meeting.error instanceof ApiError && meeting.error.status === 404;

  useEffect(() => {
    if (meeting.isError) console.warn("meeting load failed", meeting.error);
  }, [meeting.isError, meeting.error]);

  function confirmCancel() {
    cancel.mutate(undefined, {
      onSuccess: () => toast.success(schedulingMessages.meetingCancelled),
      onError: (err) => {
        console.warn("meeting cancel failed", err);
        toast.error("Failed to cancel meeting", { description: err.message });
      },
    });
  }

  if (meeting.isPending) return <Spinner label="Loading..." className="mt-8" />;
  if (notFound) {
    return (
      <Screen
        icon={<CalendarX2 className="size-10 text-muted-foreground" aria-hidden />}
        title={schedulingMessages.meetingNotFound}
      >
        <p className="text-muted-foreground">The link may be incomplete. Check the confirmation email and try again.</p>
      </Screen>
    );
  }
  if (meeting.isError) {
    return (
      <Screen icon={<CalendarX2 className="size-10 text-destructive" aria-hidden />} title="Failed to load meeting">
        <p role="alert" className="text-muted-foreground text-sm">
          {meeting.error.message}
        </p>
        <Button variant="outline" onClick={() => void meeting.refetch()}>
          Try again
        </Button>
      </Screen>
    );
  }

  const current = cancel.data ?? meeting.data;
  if (current.status === "cancelled") {
    return (
      <Screen
        icon={<CircleCheck className="size-10 text-success" aria-hidden />}
        title={schedulingMessages.meetingCancelled}
      >
        <MeetingDetails meeting={current} />
        <p className="text-muted-foreground text-sm">The organizer has been told, and the time is free again.</p>
      </Screen>
    );
  }
  if (current.status === "completed") {
    return (
      <Screen
        icon={<CalendarX2 className="size-10 text-muted-foreground" aria-hidden />}
        title="This meeting has already taken place"
      >
        <MeetingDetails meeting={current} />
      </Screen>
    );
  }
  return (
    <Screen icon={<CalendarX2 className="size-10 text-muted-foreground" aria-hidden />} title="Cancel this meeting?">
      <MeetingDetails meeting={current} />
      <p className="text-muted-foreground text-sm">Cancelling frees the time and lets the organizer know.</p>
      {cancel.isError && (
        <p role="alert" className="text-destructive text-sm">
          {cancel.error.message}
        </p>
      )}
      <Button variant="destructive" onClick={confirmCancel} disabled={cancel.isPending}>
        {cancel.isPending ? "Cancelling..." : "Cancel meeting"}
      </Button>
    </Screen>
  );
}
