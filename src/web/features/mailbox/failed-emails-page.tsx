import { PageHeader } from "#web/components/page-header.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { UnknownSendsPanel } from "../sending/unknown-sends-panel.tsx";
import { useUnknownSends } from "../sending/use-unknown-sends.ts";

/**
 * Failed emails (spec part 2 §2.7). The sends whose delivery is unknown, each
 * waiting for Send anyway or Skip, are here now; the spam list and the recent
 * failures panel come with mailbox sync.
 */
export function FailedEmailsPage() {
  const unknown = useUnknownSends();
  return (
    <>
      <PageHeader title="Failed emails" />
      <div className="space-y-6">
        <UnknownSendsPanel />
        {unknown.isSuccess && unknown.data.length === 0 ? (
          <Card>
            <CardContent className="py-6 text-muted-foreground text-sm">
              No emails are waiting for a decision about their delivery.
            </CardContent>
          </Card>
        ) : null}
        <Card>
          <CardContent className="py-6 text-muted-foreground text-sm">
            Emails filed as spam and the most recent delivery failures with their causes will be listed here once
            mailbox sync reads your senders' inboxes.
          </CardContent>
        </Card>
      </div>
    </>
  );
}
