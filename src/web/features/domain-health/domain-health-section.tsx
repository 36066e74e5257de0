// Domain health for the /delivery page: every domain of the user's senders
// with its checks and the records that fix them. No props: it reads the
// signed-in user's senders itself.
import { RefreshCw } from "lucide-react";
import { useId } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { DomainHealthReport } from "./domain-health-report.tsx";
import { useDomainHealthList } from "./use-domain-health.ts";

export function DomainHealthSection() {
  const titleId = useId();
  const list = useDomainHealthList();
  return (
    <Card aria-labelledby={titleId} aria-busy={list.isFetching}>
      <CardHeader>
        <CardTitle id={titleId}>Domain health</CardTitle>
        <CardDescription>
          MX, SPF, DKIM and DMARC of your senders' domains: the checks Gmail, Yahoo and Microsoft enforce for bulk
          senders, with the record to publish for each problem.
        </CardDescription>
        <CardAction>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()} disabled={list.isFetching}>
            {list.isFetching ? <Spinner /> : <RefreshCw aria-hidden />} Recheck
          </Button>
        </CardAction>
      </CardHeader>
      <CardContent className="space-y-6">
        {list.isPending ? (
          <p className="flex items-center gap-2 text-muted-foreground text-sm">
            <Spinner /> Checking your senders' domains…
          </p>
        ) : list.isError ? (
          <p role="alert" className="text-destructive text-sm">
            Could not check your domains: {list.error.message}
          </p>
        ) : list.data.length === 0 ? (
          <p className="text-muted-foreground text-sm">Add a sender account to check its domain.</p>
        ) : (
          list.data.map((health) => (
            <section
              key={health.domain}
              aria-label={`Domain health of ${health.domain}`}
              className="border-t pt-4 first:border-t-0 first:pt-0"
            >
              <DomainHealthReport health={health} />
            </section>
          ))
        )}
      </CardContent>
    </Card>
  );
}
