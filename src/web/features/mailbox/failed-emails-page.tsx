import { PageHeader } from "#web/components/page-header.tsx";
import { UnknownSendsPanel } from "../sending/unknown-sends-panel.tsx";
import { RecentFailuresPanel } from "./recent-failures-panel.tsx";
import { SpamPanel } from "./spam-panel.tsx";
import { SyncRefreshButton } from "./sync-refresh-button.tsx";

/**
 * Failed emails (/spam; docs/product.md §15): the sends whose delivery is unknown,
 * each waiting for Send anyway or Skip (shown only when there are some); the
 * spam list; the Recent Failures panel. Refresh syncs the mailboxes first.
 */
export function FailedEmailsPage() {
  return (
    <>
      <PageHeader
        title="Failed emails"
        subtitle="Spam found in your mailboxes and emails that could not be delivered"
        actions={<SyncRefreshButton />}
      />
      <div className="space-y-6">
        <UnknownSendsPanel />
        <SpamPanel />
        <RecentFailuresPanel />
      </div>
    </>
  );
}
