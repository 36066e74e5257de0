// The campaign's clicks (its Clicks tab): how many sent emails had a link
// followed and how many links were, per email step and A/B variant, and per
// link, with loading, error and empty states. Figures count each email and
// link once however often it was followed (click-report.schemas.ts).
import type { CampaignClicks, ClickFigures } from "#shared/tracking/click-report.schemas.ts";
import { LoadFailed } from "#web/components/load-failed.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { useCampaignClicks } from "./use-campaign-clicks.ts";

const rate = (f: ClickFigures) => (f.sent > 0 ? `${((f.clicked / f.sent) * 100).toFixed(1)}%` : "—");

function Summary({ data }: { data: CampaignClicks }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Clicks</h2>
        </CardTitle>
        <CardDescription>
          {data.clicksTracked
            ? "Links in this campaign's emails go through a tracking address first; each email and link counts once."
            : "Click tracking is off for this campaign: turn on Track clicks on the Details tab to count clicks."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-3" aria-label="Click figures">
          <div>
            <dt className="text-muted-foreground text-sm">Emails clicked</dt>
            <dd className="font-semibold text-2xl tabular-nums">
              {data.clicked} <span className="font-normal text-base text-muted-foreground">of {data.sent} sent</span>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">Click rate</dt>
            <dd className="font-semibold text-2xl tabular-nums">{rate(data)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground text-sm">Link clicks</dt>
            <dd className="font-semibold text-2xl tabular-nums">{data.clicks}</dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

function FigureCells({ f }: { f: ClickFigures }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{f.sent}</TableCell>
      <TableCell className="text-right tabular-nums">{f.clicked}</TableCell>
      <TableCell className="text-right tabular-nums">{rate(f)}</TableCell>
      <TableCell className="text-right tabular-nums">{f.clicks}</TableCell>
    </>
  );
}

function PerStep({ data }: { data: CampaignClicks }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Clicks per email</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        <Table aria-label="Clicks per email">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">Email</TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                Sent
              </TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                Clicked
              </TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                Click rate
              </TableHead>
              <TableHead scope="col" className="whitespace-normal text-right">
                Link clicks
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.steps.flatMap((step) => {
              const name = step.stepNumber === null ? "Deleted email" : `Email ${step.stepNumber}`;
              const rows = [
                <TableRow key={step.stepId ?? "deleted"}>
                  <TableCell className="font-medium">{name}</TableCell>
                  <FigureCells f={step} />
                </TableRow>,
              ];
              if (step.variants.length > 1) {
                for (const v of step.variants) {
                  rows.push(
                    <TableRow key={`${step.stepId ?? "deleted"}-${v.index}`}>
                      <TableCell className="pl-6 text-muted-foreground">
                        {name}, variant {v.letter}
                      </TableCell>
                      <FigureCells f={v} />
                    </TableRow>,
                  );
                }
              }
              return rows;
            })}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

function PerLink({ data }: { data: CampaignClicks }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Clicks per link</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {data.links.length === 0 ? (
          <p className="text-muted-foreground text-sm">No links followed yet.</p>
        ) : (
          <Table aria-label="Clicks per link">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Link</TableHead>
                <TableHead scope="col" className="text-right">
                  Clicked by
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.links.map((link) => (
                <TableRow key={link.url}>
                  <TableCell className="max-w-md whitespace-normal break-all font-mono text-xs">{link.url}</TableCell>
                  <TableCell className="text-right tabular-nums">
                    {link.clicks === 1 ? "1 email" : `${link.clicks} emails`}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

export function CampaignClicksTab({ campaignId }: { campaignId: string }) {
  const clicks = useCampaignClicks(campaignId);
  if (clicks.isPending) {
    return (
      <section className="space-y-4" aria-busy="true" aria-label="Loading clicks">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </section>
    );
  }
  if (clicks.isError) {
    return (
      <LoadFailed
        message={`Could not load the clicks: ${clicks.error.message}`}
        onRetry={() => void clicks.refetch()}
      />
    );
  }
  const data = clicks.data;
  return (
    <div className="space-y-4">
      <Summary data={data} />
      {data.sent === 0 ? (
        <p className="text-muted-foreground text-sm">No emails sent yet.</p>
      ) : (
        <>
          <PerStep data={data} />
          <PerLink data={data} />
        </>
      )}
    </div>
  );
}
