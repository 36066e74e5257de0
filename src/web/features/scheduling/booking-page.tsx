// /schedule/{linkCode} (docs/product.md §8.4): a
// visitor without an account picks a date (past dates and the link's closed
// weekdays cannot be chosen), one of that date's free times (in the link's
// zone, with the visitor's own time beside it when it differs), leaves an
// email, and books. Open page: it talks to the server through publicApi only.
// Opened from a contact's personal link (?t=<token>), the booking carries the
// token: it links the meeting to that contact (decision 018).
import { CalendarDays, CalendarX2, CircleCheck, Clock, Globe, RefreshCw } from "lucide-react";
import { type FormEvent, useEffect, useId, useMemo, useState } from "react";
import { useParams, useSearchParams } from "react-router";
import { isBookableDay } from "#shared/scheduling/booking-slots.ts";
import type { BookedMeeting, PublicLink, Slot } from "#shared/scheduling/scheduling.schemas.ts";
import { schedulingMessages } from "#shared/scheduling/scheduling-messages.ts";
import { zonedInstant } from "#shared/zoned-time.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { FieldError } from "#web/components/ui/field-error.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { ApiError } from "#web/lib/api-error.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { MonthPicker } from "./month-picker.tsx";
import { useBookMeeting, useFreeSlots, usePublicLink } from "./public-booking-api.ts";
import {
  formatClock,
  formatDays,
  formatDuration,
  formatLongDate,
  formatWindow,
  monthOf,
  nextBookableDate,
  visitorLocalTime,
  visitorTimeZone,
  zoneShortName,
} from "./schedule-format.ts";

/** A slot's start as the link's clock reads it, e.g. "9:00 AM GMT+3", and on the visitor's clock when that differs. */
function slotLabels(slot: Pick<Slot, "time" | "startsAt">, linkZone: string, visitorZone: string) {
  const zone = zoneShortName(linkZone, new Date(slot.startsAt));
  const visitor = visitorLocalTime(slot.startsAt, linkZone, visitorZone);
  return {
    time: formatClock(slot.time),
    zone,
    /** "7:00 AM GMT+1", or null when the visitor's clock reads the same. */
    local: visitor && `${visitor.time} ${visitor.zone}`,
    localTime: visitor?.time ?? null,
    localZone: visitor?.zone ?? null,
  };
}

function LinkNotFound() {
  return (
    <Card className="mx-auto mt-8 max-w-lg text-center">
      <CardContent className="flex flex-col items-center gap-3 py-6">
        <CalendarX2 className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-semibold text-2xl">{schedulingMessages.linkNotFound}</h1>
        <p className="text-muted-foreground">
          This link may have been turned off or removed. Ask the person who shared it for a new one.
        </p>
      </CardContent>
    </Card>
  );
}

function LinkLoadFailed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardContent role="alert" className="space-y-3 py-2">
        <h1 className="font-semibold text-destructive text-xl">{schedulingMessages.linkLoadFailed}</h1>
        <p className="text-muted-foreground text-sm">{error.message}</p>
        <Button variant="outline" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </CardContent>
    </Card>
  );
}

function MeetingScheduled({
  meeting,
  email,
  onBookAnother,
}: {
  meeting: BookedMeeting;
  email: string;
  onBookAnother: () => void;
}) {
  const labels = slotLabels(meeting, meeting.timezone, visitorTimeZone());
  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardContent className="flex flex-col items-center gap-4 py-4 text-center">
        <CircleCheck className="size-12 text-success" aria-hidden />
        <h1 className="font-semibold text-2xl">Meeting Scheduled!</h1>
        <p className="text-muted-foreground">{meeting.title}</p>
        <dl className="grid w-full max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-left text-sm">
          <dt className="text-muted-foreground">Date</dt>
          <dd>{formatLongDate(meeting.date)}</dd>
          <dt className="text-muted-foreground">Time</dt>
          <dd>
            <span className="block">
              {labels.time} {labels.zone}
            </span>
            {labels.local && <span className="block text-muted-foreground">{labels.local} your time</span>}
          </dd>
          <dt className="text-muted-foreground">Duration</dt>
          <dd>{formatDuration(meeting.durationMinutes)}</dd>
        </dl>
        <p className="text-sm">
          A confirmation email with a calendar invite has been sent to <strong>{email}</strong>. It also has a link to
          cancel if your plans change.
        </p>
        <Button variant="outline" onClick={onBookAnother}>
          Book another time
        </Button>
      </CardContent>
    </Card>
  );
}

function LinkSummary({ link }: { link: PublicLink }) {
  const zone = zoneShortName(link.timezone, zonedInstant(link.today, link.availableTimeStart, link.timezone));
  return (
    <CardHeader>
      <CardTitle>
        <h1 className="text-2xl">{link.title}</h1>
      </CardTitle>
      {link.description && <CardDescription className="whitespace-pre-line">{link.description}</CardDescription>}
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <li className="flex items-center gap-2">
          <Clock className="size-4 text-muted-foreground" aria-hidden />
          {formatDuration(link.durationMinutes)}
        </li>
        <li className="flex items-center gap-2">
          <CalendarDays className="size-4 text-muted-foreground" aria-hidden />
          {formatDays(link.availableDays)}
        </li>
        <li className="flex items-center gap-2">
          <Globe className="size-4 text-muted-foreground" aria-hidden />
          {formatWindow(link.availableTimeStart, link.availableTimeEnd)} {zone} ({link.timezone})
        </li>
      </ul>
    </CardHeader>
  );
}

function ChosenTime({
  date,
  slot,
  link,
  visitorZone,
}: {
  date: string;
  slot: Slot;
  link: PublicLink;
  visitorZone: string;
}) {
  const labels = slotLabels(slot, link.timezone, visitorZone);
  return (
    <p className="text-sm" aria-live="polite">
      {formatLongDate(date)} at {labels.time} {labels.zone}
      {labels.local && ` (${labels.local} your time)`} · {formatDuration(link.durationMinutes)}
    </p>
  );
}

/**
 * What the form shows: a field's own message under it (the email's, the name's), and one for the
 * whole form below them (a missing date, time or email, or the server's answer).
 */
type Problems = { form?: string; email?: string; name?: string };

/**
 * The form's check (book-meeting-form.ts, with the name rules of booker-name.ts) is loaded after
 * the first paint, like sonner (docs/decisions/011), and only when the visitor starts on the form
 * (the first focus inside it): a visit that only looks at the times does not download it (issue 28
 * §5), and one that books asks for it long before submitting; submit waits for it if need be.
 */
const loadFormCheck = () => import("#shared/scheduling/book-meeting-form.ts");

function BookingForm({
  link,
  linkCode,
  onBooked,
}: {
  link: PublicLink;
  linkCode: string;
  onBooked: (meeting: BookedMeeting, email: string) => void;
}) {
  const [params, setParams] = useSearchParams();
  const bookable = (d: string) => isBookableDay(d, link, link.availableDays);
  // The chosen date lives in the address, so a reload keeps it (a stale or hand-edited one is ignored).
  const requested = params.get("date");
  // A contact's personal link (?t=, from {{bookingLink}} in their campaign mail): the server checks it.
  const token = params.get("t");
  const date = requested && /^\d{4}-\d{2}-\d{2}$/.test(requested) && bookable(requested) ? requested : null;
  const [time, setTime] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const slots = useFreeSlots(linkCode, date);
  const book = useBookMeeting(linkCode);
  const visitorZone = useMemo(visitorTimeZone, []);
  const ids = { date: useId(), times: useId(), details: useId(), problem: useId(), email: useId(), name: useId() };

  const free = date && slots.data?.date === date ? slots.data.slots : [];
  // A time taken since it was chosen (the list was reloaded) is no longer chosen.
  const chosen = free.find((s) => s.time === time) ?? null;
  const firstDate = nextBookableDate(link.today, link.availableDays, link.lastDate);

  function chooseDate(next: string) {
    // Keeps the personal link's token beside the date.
    setParams(
      (current) => {
        current.set("date", next);
        return current;
      },
      { replace: true },
    );
    setTime(null);
    setProblems({});
  }

  function prefetchFormCheck() {
    loadFormCheck().catch((err: unknown) => console.warn("booking form check failed to load", err));
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    let checkBookMeetingForm: Awaited<ReturnType<typeof loadFormCheck>>["checkBookMeetingForm"];
    try {
      ({ checkBookMeetingForm } = await loadFormCheck());
    } catch (err) {
      console.warn("booking form check failed to load", err);
      setProblems({ form: schedulingMessages.meetingFailed });
      return;
    }
    const parsed = checkBookMeetingForm({
      date: date ?? "",
      time: chosen?.time ?? "",
      email,
      name: name.trim() || undefined,
    });
    if (!parsed.success) {
      const { form, email: onEmail, name: onName } = parsed.problems;
      // "Please fill in all required fields" is said once, for the form, whichever required field is empty.
      const required = form ?? (onEmail === schedulingMessages.requiredFields ? onEmail : undefined);
      setProblems({
        form: required,
        email: onEmail === schedulingMessages.requiredFields ? undefined : onEmail,
        name: onName,
      });
      return;
    }
    setProblems({});
    book.mutate(token ? { ...parsed.data, token } : parsed.data, {
      onSuccess: (meeting) => {
        toast.success(schedulingMessages.meetingScheduled);
        onBooked(meeting, parsed.data.email);
      },
      onError: (err) => {
        console.warn("booking failed", err);
        const status = err instanceof ApiError ? err.status : 0;
        if (status === 409) {
          // Someone else took the time (or it now overlaps another meeting): offer what is left.
          setTime(null);
          void slots.refetch();
        }
        const shown = status >= 400 && status < 500 ? err.message : schedulingMessages.meetingFailed;
        // The server names the field a message is about (details.fields): shown under it, else for the form.
        const fields = err instanceof ApiError ? err.fieldErrors : {};
        setProblems(fields.name || fields.email ? { email: fields.email, name: fields.name } : { form: shown });
        toast.error(schedulingMessages.meetingFailed, { description: err.message });
      },
    });
  }

  return (
    <Card>
      <LinkSummary link={link} />
      <CardContent className="space-y-8">
        <div className="grid gap-8 md:grid-cols-2">
          <section aria-labelledby={ids.date} className="space-y-3">
            <h2 id={ids.date} className="font-semibold">
              Choose a date
            </h2>
            {firstDate ? (
              <MonthPicker
                today={link.today}
                lastDate={link.lastDate}
                initialMonth={monthOf(date ?? firstDate)}
                isBookable={bookable}
                selected={date}
                onSelect={chooseDate}
              />
            ) : (
              <p className="text-muted-foreground text-sm">This link has no available dates.</p>
            )}
          </section>
          <section aria-labelledby={ids.times} className="min-w-0 space-y-3">
            <h2 id={ids.times} className="font-semibold">
              Choose a time
            </h2>
            <TimeGrid
              link={link}
              date={date}
              slots={free}
              query={slots}
              chosen={chosen?.time ?? null}
              visitorZone={visitorZone}
              labelledBy={ids.times}
              onChoose={(t) => {
                setTime(t);
                setProblems({});
              }}
            />
          </section>
        </div>

        <form
          onSubmit={(e) => void submit(e)}
          onFocus={prefetchFormCheck}
          noValidate
          aria-labelledby={ids.details}
          className="space-y-4 border-t pt-6"
        >
          <h2 id={ids.details} className="font-semibold">
            Your details
          </h2>
          {date && chosen && <ChosenTime date={date} slot={chosen} link={link} visitorZone={visitorZone} />}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="booking-name">Name (optional)</Label>
              <Input
                id="booking-name"
                autoComplete="name"
                aria-invalid={Boolean(problems.name)}
                aria-describedby={problems.name ? ids.name : undefined}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
              <FieldError id={ids.name} message={problems.name} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="booking-email">Email</Label>
              <Input
                id="booking-email"
                type="email"
                autoComplete="email"
                required
                aria-required
                aria-invalid={Boolean(problems.email)}
                aria-describedby={problems.email ? ids.email : problems.form ? ids.problem : undefined}
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <FieldError id={ids.email} message={problems.email} />
            </div>
          </div>
          <FieldError id={ids.problem} message={problems.form} />
          <Button type="submit" size="lg" disabled={book.isPending}>
            {book.isPending ? "Scheduling..." : "Schedule Meeting"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function TimeGrid(props: {
  link: PublicLink;
  date: string | null;
  slots: Slot[];
  query: ReturnType<typeof useFreeSlots>;
  chosen: string | null;
  visitorZone: string;
  labelledBy: string;
  onChoose: (time: string) => void;
}) {
  const { link, date, slots, query, chosen, visitorZone, labelledBy, onChoose } = props;
  if (!date) return <p className="text-muted-foreground text-sm">Choose a date to see the free times.</p>;
  if (query.isPending) return <Spinner label="Loading available times..." />;
  if (query.isError && !query.isFetching) {
    return (
      <div role="alert" className="space-y-2 text-sm">
        <p className="text-destructive">Failed to load available times: {query.error.message}</p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const headingZone = zoneShortName(link.timezone, zonedInstant(date, link.availableTimeStart, link.timezone));
  const first = slots[0] && slotLabels(slots[0], link.timezone, visitorZone);
  return (
    <div className="space-y-3">
      <p className="text-muted-foreground text-sm">
        {formatLongDate(date)} · times in {headingZone} ({link.timezone})
        {first?.localZone && <>, with your time ({first.localZone}) below each</>}
      </p>
      {query.isFetching && <Spinner label="Refreshing times..." />}
      {slots.length === 0 && !query.isFetching && (
        <p className="text-sm">No free times on this date. Please choose another date.</p>
      )}
      {slots.length > 0 && (
        <fieldset
          aria-labelledby={labelledBy}
          className="grid max-h-80 min-w-0 grid-cols-2 gap-2 overflow-y-auto p-0.5 lg:grid-cols-3"
        >
          {slots.map((slot) => {
            const labels = slotLabels(slot, link.timezone, visitorZone);
            const pressed = slot.time === chosen;
            const zone = labels.zone === headingZone ? "" : ` ${labels.zone}`;
            return (
              <Button
                key={slot.startsAt}
                type="button"
                variant={pressed ? "default" : "outline"}
                size="auto"
                aria-pressed={pressed}
                aria-label={`${labels.time} ${labels.zone}${labels.local ? `, ${labels.local} your time` : ""}`}
                onClick={() => onChoose(slot.time)}
                className={cn(pressed && "ring-2 ring-primary/30")}
              >
                {/* One child, so the button's gap does not part the two lines (cn() does not merge here). */}
                <span className="flex flex-col items-center">
                  <span>
                    {labels.time}
                    {zone}
                  </span>
                  {labels.localTime && (
                    <span className={cn("font-normal text-xs", pressed ? "opacity-90" : "text-muted-foreground")}>
                      {labels.localTime}
                    </span>
                  )}
                </span>
              </Button>
            );
          })}
        </fieldset>
      )}
    </div>
  );
}

export function BookingPage() {
  const { linkCode = "" } = useParams();
  const link = usePublicLink(linkCode);
  const [booked, setBooked] = useState<{ meeting: BookedMeeting; email: string } | null>(null);
  const notFound = link.error instanceof ApiError && link.error.status === 404;

  useEffect(() => {
    if (!link.isError) return;
    console.warn("scheduling link load failed", link.error);
    if (notFound) toast.error(schedulingMessages.linkNotFound, { id: "booking-link-not-found" });
    else toast.error(schedulingMessages.linkLoadFailed, { id: "booking-link-failed", description: link.error.message });
  }, [link.isError, link.error, notFound]);

  if (link.isPending) return <Spinner label="Loading..." className="mt-8" />;
  if (notFound) return <LinkNotFound />;
  if (link.isError) return <LinkLoadFailed error={link.error} onRetry={() => void link.refetch()} />;
  if (booked) return <MeetingScheduled {...booked} onBookAnother={() => setBooked(null)} />;
  return (
    <BookingForm link={link.data} linkCode={linkCode} onBooked={(meeting, email) => setBooked({ meeting, email })} />
  );
}
