// Recent Verifications (the latest 10) and the results list (the last 100),
// both from the history the server keeps.
import type { Verification } from "#shared/verification/verification.schemas.ts";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { FlagBadges, VerdictBadge } from "./verdict-badge.tsx";

const RECENT_COUNT = 10;
const when = (iso: string) => new Date(iso).toLocaleString();

export function RecentVerifications({ results }: { results: Verification[] }) {
  const recent = results.slice(0, RECENT_COUNT);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Recent Verifications</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {recent.length === 0 ? (
          <p className="text-muted-foreground text-sm">No verifications yet. Verify an address to see it here.</p>
        ) : (
          <ul aria-label="Recent Verifications" className="divide-y">
            {recent.map((v) => (
              <li key={v.id} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="truncate font-medium text-sm">{v.email}</p>
                  <p className="text-muted-foreground text-xs">{when(v.verifiedAt)}</p>
                </div>
                <VerdictBadge result={v.result} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function VerificationResultsList({ results }: { results: Verification[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Verification Results</h2>
        </CardTitle>
        <CardDescription>Your last 100 verifications.</CardDescription>
      </CardHeader>
      <CardContent>
        {results.length === 0 ? (
          <p className="text-muted-foreground text-sm">No results yet.</p>
        ) : (
          <Table aria-label="Verification Results">
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead>Result</TableHead>
                <TableHead>Valid</TableHead>
                <TableHead>Deliverable</TableHead>
                <TableHead>Flags</TableHead>
                <TableHead>Verified</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {results.map((v) => (
                <TableRow key={v.id}>
                  <TableCell className="font-medium">{v.email}</TableCell>
                  <TableCell>
                    <VerdictBadge result={v.result} />
                  </TableCell>
                  <TableCell>{v.isValid ? "Yes" : "No"}</TableCell>
                  <TableCell>{v.isDeliverable ? "Yes" : "No"}</TableCell>
                  <TableCell>
                    <FlagBadges flags={v.flags} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap text-muted-foreground">{when(v.verifiedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
