// The figures (docs/product.md §13): four cards and the Deliverability Rate bar.
import type { VerificationStats } from "#shared/verification/verification.schemas.ts";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";

function StatCard({ label, value }: { label: string; value: number }) {
  return (
    // dt and dd directly in the card: a <dl> allows one wrapping <div> per group, not two.
    <Card className="gap-1 px-6">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className="font-semibold text-2xl tabular-nums">{value.toLocaleString("en-US")}</dd>
    </Card>
  );
}

export function VerificationStatsCards({ stats }: { stats: VerificationStats | undefined }) {
  if (!stats) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Loading statistics">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <dl aria-label="Verification statistics" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Verified" value={stats.totalVerified} />
        <StatCard label="Valid Emails" value={stats.valid} />
        <StatCard label="Deliverable" value={stats.deliverable} />
        <StatCard label="Invalid/Risky" value={stats.invalidOrRisky} />
      </dl>
      <Card>
        <CardContent className="space-y-2">
          <div className="flex items-center justify-between text-sm">
            <span id="deliverability-rate-label" className="font-medium">
              Deliverability Rate
            </span>
            <span className="tabular-nums">{stats.deliverabilityRate}%</span>
          </div>
          <Progress aria-labelledby="deliverability-rate-label" value={stats.deliverabilityRate} />
        </CardContent>
      </Card>
    </div>
  );
}
