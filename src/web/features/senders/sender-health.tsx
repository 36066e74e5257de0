// A sender card's health summary (issue 31 §6): hard-bounce rate, emails
// found in spam and reply rate over the last 7 and 30 days, today's sends
// against the cap, the SPF / DKIM / DMARC state of the domain's last check
// (with the way to its Domain health panel), and the badge with the rule that
// decided it in a tooltip. The badge is a button, so keyboard users reach the
// tooltip too, and the rule is also its description for screen readers.
import { CircleCheck, CirclePause, Eye, type LucideIcon, RefreshCw, TriangleAlert } from "lucide-react";
import { type ReactNode, useId } from "react";
import { authenticationCheckLabels, authenticationChecks } from "#shared/domain-health/authentication-status.ts";
import type { SenderHealth } from "#shared/senders/sender-health.schemas.ts";
import {
  formatRate,
  type SenderHealthBadge,
  senderHealthLabels,
  senderHealthSummary,
} from "#shared/senders/sender-health.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Tooltip, TooltipContent, TooltipTrigger } from "#web/components/ui/tooltip.tsx";
import { formatDay } from "#web/lib/date-format.ts";
import { CheckStatusBadge } from "../domain-health/domain-health-report.tsx";
import { useSenderHealth } from "./use-sender-health.ts";

const badgeLook: Record<SenderHealthBadge, { variant: BadgeProps["variant"]; Icon: LucideIcon }> = {
  healthy: { variant: "success", Icon: CircleCheck },
  watch: { variant: "warning", Icon: Eye },
  at_risk: { variant: "destructive", Icon: TriangleAlert },
  paused: { variant: "secondary", Icon: CirclePause },
};

/** The badge, with its reasons and rule in a tooltip (hover or focus) and as the button's description. */
export function SenderHealthBadgeButton({ email, health }: { email: string; health: SenderHealth }) {
  const descriptionId = useId();
  const { variant, Icon } = badgeLook[health.badge];
  const label = senderHealthLabels[health.badge];
  const text = senderHealthSummary(health);
  return (
    <>
      <Tooltip>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label={`Health of ${email}: ${label}`}
            aria-describedby={descriptionId}
            className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <Badge variant={variant} data-badge={health.badge}>
              <Icon aria-hidden /> {label}
            </Badge>
          </button>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs text-left">{text}</TooltipContent>
      </Tooltip>
      <span id={descriptionId} className="sr-only">
        {text}
      </span>
    </>
  );
}

/** A rate with what it counts beneath it, small. */
const rateCell = (rate: string, part: number, whole: number) => (
  <>
    <span className="block">{rate}</span>
    <span className="block font-normal text-muted-foreground text-xs">
      {part.toLocaleString()} of {whole.toLocaleString()}
    </span>
  </>
);

function Figures({ email, health }: { email: string; health: SenderHealth }) {
  const { last7Days: week, last30Days: month, today } = health;
  const rows: { label: string; cell: (w: typeof week | typeof month) => ReactNode }[] = [
    { label: "Hard bounces", cell: (w) => rateCell(formatRate(w.hardBounceRate), w.hardBounces, w.sends) },
    { label: "Found in spam", cell: (w) => w.spamPlacements.toLocaleString() },
    { label: "Reply rate", cell: (w) => rateCell(`${w.replyRate}%`, w.replies, w.sent) },
  ];
  return (
    <>
      <table className="w-full text-sm tabular-nums">
        <caption className="sr-only">Hard bounces, emails found in spam and replies of {email}</caption>
        <thead>
          <tr className="border-b text-muted-foreground text-xs">
            <td className="pb-1.5" />
            <th scope="col" className="pb-1.5 text-right font-medium">
              Last 7 days
            </th>
            <th scope="col" className="pb-1.5 text-right font-medium">
              Last 30 days
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="py-1 pr-2 text-left align-top font-normal text-muted-foreground">
                {row.label}
              </th>
              <td className="py-1 pl-2 text-right align-top font-medium">{row.cell(week)}</td>
              <td className="py-1 pl-2 text-right align-top font-medium">{row.cell(month)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="flex justify-between gap-3 text-sm tabular-nums">
        <span className="text-muted-foreground">Sent today</span>
        <span className="font-medium">
          {today.sent.toLocaleString()} of {today.cap.toLocaleString()}{" "}
          <span className="font-normal text-muted-foreground">daily cap</span>
        </span>
      </p>
    </>
  );
}

export type DomainPanelControl = {
  /** The id of the card's Domain health panel. */
  id: string;
  open: boolean;
  show: () => void;
};

function DomainState({ health, panel }: { health: SenderHealth; panel: DomainPanelControl }) {
  const { name, checks } = health.domain;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm">
      <span className="break-all text-muted-foreground">{name}</span>
      {checks ? (
        <>
          <ul aria-label={`Checks of ${name}`} className="flex flex-wrap gap-x-3 gap-y-1">
            {authenticationChecks.map((c) => (
              <li key={c} className="flex items-center gap-1">
                <span className="font-medium text-xs">{authenticationCheckLabels[c]}</span>
                <CheckStatusBadge status={checks[c]} />
              </li>
            ))}
          </ul>
          <span className="text-muted-foreground text-xs">checked {formatDay(new Date(checks.checkedAt))}</span>
        </>
      ) : (
        <span className="text-muted-foreground">Not checked yet</span>
      )}
      <Button
        variant="link"
        size="sm"
        className="h-auto p-0"
        aria-controls={panel.open ? panel.id : undefined}
        aria-expanded={panel.open}
        onClick={panel.show}
      >
        {checks ? "See checks" : "Check now"}
        <span className="sr-only">{checks ? ` of ${name}` : ` for ${name}`}</span>
      </Button>
    </div>
  );
}

/** The health summary of one saved sender; every card reads the same request. */
export function SenderHealthSummary({
  senderId,
  email,
  domainPanel,
}: {
  senderId: string;
  email: string;
  domainPanel: DomainPanelControl;
}) {
  const query = useSenderHealth();
  const health = query.data?.find((h) => h.senderId === senderId);
  return (
    <section aria-label={`Health of ${email}`} className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-medium text-sm">Health</h3>
        {health && <SenderHealthBadgeButton email={email} health={health} />}
      </div>
      {health ? (
        <>
          <Figures email={email} health={health} />
          <DomainState health={health} panel={domainPanel} />
        </>
      ) : query.isError && !query.isFetching ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <p className="text-destructive">Could not load the health of {email}.</p>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      ) : query.isFetching ? (
        <div className="space-y-1.5" role="status" aria-label={`Loading the health of ${email}`}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-4" />
          ))}
        </div>
      ) : (
        // Added since the figures were read; the next refresh brings them.
        <p className="text-muted-foreground text-sm">No figures yet.</p>
      )}
    </section>
  );
}
