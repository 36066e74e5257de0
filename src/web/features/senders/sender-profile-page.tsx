// /senders/profile/:email (docs/product.md §17.3): a sender's Account information,
// Total Sent, Success Rate, Open Rate, Scheduled Today, Daily Email Activity
// (percent of its daily limit, capped at 100%), Recent Emails (10) and Back to
// Senders. Opened from a sender card on the Senders page, by sender email.
import { format } from "date-fns";
import { ArrowLeft, CalendarClock, CircleCheck, MailOpen, RefreshCw, Send, UserX } from "lucide-react";
import { type ReactNode, useEffect, useId } from "react";
import { Link, useParams } from "react-router";
import type { SenderProfile } from "#shared/senders/sender-stats.schemas.ts";
import { providerLabels } from "#shared/senders/senders.schemas.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { CannotSendReason, ConnectionStatusBadge, connectionSummary } from "./connection-status.tsx";
import { SenderEmailList } from "./sender-email-list.tsx";
import { useSenderProfile } from "./use-sender-stats.ts";

function BackToSenders() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 mb-4">
      <Link to="/senders">
        <ArrowLeft aria-hidden /> Back to Senders
      </Link>
    </Button>
  );
}

function Figure({ label, value, hint, icon }: { label: string; value: string; hint: string; icon: ReactNode }) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="gap-2 py-4">
      <CardHeader className="flex items-center justify-between gap-2 px-4">
        <CardTitle className="font-medium text-muted-foreground text-sm">
          <h2 id={labelId}>{label}</h2>
        </CardTitle>
        <span className="text-muted-foreground [&_svg]:size-4">{icon}</span>
      </CardHeader>
      <CardContent className="space-y-1 px-4">
        <p className="font-semibold text-2xl tabular-nums">{value}</p>
        <p className="text-muted-foreground text-xs">{hint}</p>
      </CardContent>
    </Card>
  );
}

function AccountInformation({ profile }: { profile: SenderProfile }) {
  const s = profile.sender;
  const items: [string, ReactNode][] = [
    ["Email", s.email],
    ["Provider", providerLabels[s.provider]],
    ["Daily limit", `${s.dailyLimit} emails/day`],
    [
      "Status",
      <div key="status" className="space-y-1">
        <ConnectionStatusBadge sender={s} />
        <CannotSendReason sender={s} />
      </div>,
    ],
    ["Connection", connectionSummary(s)],
    ["Gmail Sync", s.gmailSyncEnabled ? "Enabled" : "Not connected"],
    ["Campaigns", profile.campaignCount.toLocaleString()],
    ["Added", format(new Date(s.createdAt), "MMM d, yyyy")],
  ];
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Account information</h2>
        </CardTitle>
        {s.campaignId && <CardDescription>A campaign's sender: it is not among your saved senders.</CardDescription>}
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2.5 text-sm">
          {items.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="min-w-0 break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

function DailyEmailActivity({ profile }: { profile: SenderProfile }) {
  const a = profile.dailyActivity;
  const left = Math.max(0, a.dailyLimit - a.sent);
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>
          <h2>Daily Email Activity</h2>
        </CardTitle>
        <CardDescription>Emails sent today against this sender's daily limit.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-baseline justify-between gap-3">
          <p className="text-sm">
            <span className="font-semibold text-2xl tabular-nums">{a.sent.toLocaleString()}</span>
            <span className="text-muted-foreground"> / {a.dailyLimit.toLocaleString()} emails</span>
          </p>
          <p className="font-medium text-sm tabular-nums">{a.percentOfLimit}% of limit</p>
        </div>
        <Progress value={a.percentOfLimit} aria-label="Percent of daily limit used" />
        <p className="text-sm">{left === 1 ? "1 email left today." : `${left.toLocaleString()} emails left today.`}</p>
        <p className="text-muted-foreground text-xs">
          Today is {format(new Date(`${a.day}T00:00:00`), "MMM d, yyyy")}; days are counted in UTC.
        </p>
      </CardContent>
    </Card>
  );
}

function ProfileSkeleton() {
  return (
    <div className="space-y-6">
      <span className="sr-only" role="status">
        Loading sender profile...
      </span>
      <Skeleton className="h-8 w-72" />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Skeleton className="h-64 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    </div>
  );
}

function NotFound() {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
        <UserX className="size-10 text-muted-foreground" aria-hidden />
        <h1 className="font-semibold text-lg">Sender account not found</h1>
        <p className="max-w-md text-muted-foreground text-sm">The requested sender account could not be found.</p>
      </CardContent>
    </Card>
  );
}

export function SenderProfilePage() {
  const email = useParams().email ?? "";
  const query = useSenderProfile(email);
  const notFound = query.error instanceof ApiError && query.error.status === 404;

  useEffect(() => {
    if (query.isError && !notFound)
      toast.error("Failed to load sender profile", { id: "sender-profile-failed", description: query.error.message });
  }, [query.isError, query.error, notFound]);

  const p = query.data;
  return (
    <>
      <BackToSenders />
      {query.isPending && <ProfileSkeleton />}
      {notFound && <NotFound />}
      {query.isError && !notFound && (
        <div role="alert" className="space-y-3">
          <p className="text-destructive">Failed to load sender profile</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {p && (
        <div className="space-y-6">
          <PageHeader title="Sender Profile" subtitle={<span className="break-all">{p.sender.email}</span>} />
          <section aria-label="Performance" className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
            <Figure
              label="Total Sent"
              value={p.total.sent.toLocaleString()}
              hint={`${p.total.failed.toLocaleString()} failed`}
              icon={<Send />}
            />
            <Figure
              label="Success Rate"
              value={`${p.total.successRate}%`}
              hint="Sent out of sent and failed"
              icon={<CircleCheck />}
            />
            <Figure
              label="Open Rate"
              value={`${p.total.openRate}%`}
              hint={`${p.total.opened.toLocaleString()} opened`}
              icon={<MailOpen />}
            />
            <Figure
              label="Scheduled Today"
              value={p.scheduledToday.toLocaleString()}
              hint="Queued to go out today"
              icon={<CalendarClock />}
            />
          </section>
          <div className="grid gap-4 lg:grid-cols-2">
            <AccountInformation profile={p} />
            <DailyEmailActivity profile={p} />
          </div>
          <Card className="gap-4">
            <CardHeader>
              <CardTitle>
                <h2>Recent Emails</h2>
              </CardTitle>
              <CardDescription>The 10 latest emails from this address.</CardDescription>
            </CardHeader>
            <CardContent>
              {p.recentEmails.length === 0 ? (
                <p className="text-muted-foreground text-sm">No emails sent from this sender yet.</p>
              ) : (
                <SenderEmailList emails={p.recentEmails} label="Recent Emails" />
              )}
            </CardContent>
          </Card>
        </div>
      )}
    </>
  );
}
