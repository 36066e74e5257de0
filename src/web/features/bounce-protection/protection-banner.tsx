// The pauses bounce protection made, where the user looks: on the dashboard
// every paused mailbox and campaign, on a campaign's page its own pause and
// its paused senders'. Each with the figure that paused it and Resume.
// Nothing while loading or when nothing is paused (the page's own content is
// what matters then); a short note with Try again when it cannot be read.
import { PauseCircle, RefreshCw } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import type { ProtectionPause } from "#shared/bounce-protection/bounce-protection.schemas.ts";
import { pauseReasonLabels } from "#shared/bounce-protection/protection-rule.ts";
import { Button } from "#web/components/ui/button.tsx";
import { formatDayTime } from "#web/lib/date-format.ts";
import { ResumeButton, type ResumeTarget } from "./resume-button.tsx";
import { useBounceProtection } from "./use-bounce-protection.ts";

type Item = { key: string; title: string; what: string; pause: ProtectionPause; target: ResumeTarget; href?: string };

/** "Hard-bounce rate: 3 hard bounces in 52 sends (5.8%) in the last 7 days. Paused Dec 3, 2026 14:05." */
export function PauseFigure({ pause }: { pause: ProtectionPause }) {
  return (
    <>
      <span className="font-medium">{pauseReasonLabels[pause.reason]}:</span> {pause.detail}.{" "}
      <span className="text-muted-foreground">Paused {formatDayTime(new Date(pause.pausedAt))}.</span>
    </>
  );
}

export function ProtectionBanner({ campaignId, senderEmails }: { campaignId?: string; senderEmails?: string[] }) {
  const titleId = useId();
  const query = useBounceProtection();
  if (query.isError) {
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-muted-foreground text-sm">
        Could not check bounce protection.
        <Button variant="link" size="sm" className="h-auto p-0" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </p>
    );
  }
  if (!query.data) return null;
  const addresses = senderEmails ? new Set(senderEmails.map((e) => e.toLowerCase())) : null;
  const items: Item[] = [
    ...query.data.campaigns
      .filter((c) => !campaignId || c.campaignId === campaignId)
      .map((c) => ({
        key: `campaign-${c.campaignId}`,
        title: campaignId ? "This campaign" : `Campaign ${c.campaignName}`,
        what: "Its queued emails wait until you resume it; nothing is dropped.",
        pause: c.pause,
        target: { kind: "campaign" as const, id: c.campaignId, name: c.campaignName },
        href: campaignId ? undefined : `/campaigns/edit/${c.campaignId}`,
      })),
    ...query.data.senders
      .filter((s) => s.pause && (!addresses || addresses.has(s.email)))
      .map((s) => ({
        key: `sender-${s.email}`,
        title: s.email,
        what: "It sends nothing, in any campaign, until you resume it; its queued emails wait.",
        pause: s.pause!,
        target: { kind: "sender" as const, email: s.email },
      })),
  ];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-warning/60 bg-warning/10 p-4">
      <h2 id={titleId} className="flex items-center gap-2 font-semibold">
        <PauseCircle className="size-5 shrink-0" aria-hidden /> Paused by bounce protection
      </h2>
      <ul className="mt-3 space-y-3">
        {items.map((item) => (
          <li key={item.key} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 space-y-1 text-sm">
              <p className="break-all font-medium">
                {item.href ? (
                  <Link to={item.href} className="underline underline-offset-4">
                    {item.title}
                  </Link>
                ) : (
                  item.title
                )}
              </p>
              <p>
                <PauseFigure pause={item.pause} />
              </p>
              <p className="text-muted-foreground">{item.what}</p>
            </div>
            <ResumeButton target={item.target} />
          </li>
        ))}
      </ul>
    </section>
  );
}
