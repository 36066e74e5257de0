// A sender card's figures (docs/product.md §17.2): sent, failed, opened,
// success rate and open rate for today, the last 7 days and the last month.

import type { SenderActivity, SenderStats } from "#shared/senders/sender-stats.schemas.ts";
import { type SenderStatsPeriod, senderStatsPeriodLabels, senderStatsPeriods } from "#shared/senders/sender-stats.ts";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

const rows: { label: string; value: (a: SenderActivity) => string }[] = [
  { label: "Sent", value: (a) => a.sent.toLocaleString() },
  { label: "Failed", value: (a) => a.failed.toLocaleString() },
  { label: "Opened", value: (a) => a.opened.toLocaleString() },
  { label: "Success rate", value: (a) => `${a.successRate}%` },
  { label: "Open rate", value: (a) => `${a.openRate}%` },
];

export function SenderStatsTable({
  email,
  stats,
  state,
}: {
  email: string;
  stats: SenderStats | undefined;
  state: "pending" | "error" | "success";
}) {
  if (state === "pending") {
    return (
      <div className="space-y-1.5" aria-hidden>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-4" />
        ))}
      </div>
    );
  }
  const cell = (period: SenderStatsPeriod, row: (typeof rows)[number]) => (stats ? row.value(stats[period]) : "—");
  return (
    <table className="w-full text-sm tabular-nums">
      <caption className="sr-only">Statistics of {email}</caption>
      <thead>
        <tr className="border-b text-muted-foreground text-xs">
          <td className="pb-1.5" />
          {senderStatsPeriods.map((p) => (
            <th key={p} scope="col" className="pb-1.5 text-right font-medium">
              {senderStatsPeriodLabels[p]}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="py-1 pr-2 text-left font-normal text-muted-foreground">
              {row.label}
            </th>
            {senderStatsPeriods.map((p) => (
              <td key={p} className="py-1 text-right font-medium">
                {cell(p, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
