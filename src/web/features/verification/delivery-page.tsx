// Deliverability (docs/product.md §13): verify one address, a list or a CSV file;
// the figures, the Deliverability Rate, recent verifications and the results.
import { RefreshCwIcon } from "lucide-react";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { DkimKeysSection } from "#web/features/dkim-keys/dkim-keys-section.tsx";
import { DomainHealthSection } from "#web/features/domain-health/domain-health-section.tsx";
import { TrackingHostsSection } from "#web/features/tracking-hosts/tracking-hosts-section.tsx";
import { BulkVerifyCard } from "./bulk-verify-card.tsx";
import { CsvVerifyCard } from "./csv-verify-card.tsx";
import { SingleVerifyCard } from "./single-verify-card.tsx";
import { useVerificationStats, useVerifications } from "./use-verification.ts";
import { RecentVerifications, VerificationResultsList } from "./verification-results.tsx";
import { VerificationStatsCards } from "./verification-stats.tsx";

export function DeliveryPage() {
  const list = useVerifications();
  const stats = useVerificationStats();
  const results = list.data?.results ?? [];
  const refreshing = list.isFetching || stats.isFetching;

  return (
    <>
      <PageHeader
        title="Deliverability"
        subtitle="Verify email addresses before you send, and watch your deliverability."
        actions={
          <Button
            variant="outline"
            disabled={refreshing}
            onClick={() => {
              void list.refetch();
              void stats.refetch();
            }}
          >
            <RefreshCwIcon aria-hidden className={refreshing ? "animate-spin" : undefined} /> Refresh
          </Button>
        }
      />
      <div className="space-y-6">
        {(list.isError || stats.isError) && (
          <p role="alert" className="text-destructive text-sm">
            {(list.error ?? stats.error)?.message || "Failed to load verifications"}
          </p>
        )}
        <VerificationStatsCards stats={stats.data} />

        <DomainHealthSection />
        <DkimKeysSection />
        <TrackingHostsSection />

        <div className="grid gap-6 lg:grid-cols-3">
          <SingleVerifyCard />
          <BulkVerifyCard />
          <CsvVerifyCard />
        </div>
        <RecentVerifications results={results} />
        <VerificationResultsList results={results} />
      </div>
    </>
  );
}
