// What an Add or an Import did: how many entries were blocked, and each line
// that was not, with its reason ("Duplicate of line 3", "Invalid domain").
import { CheckCircle2, X } from "lucide-react";
import type { BlockReport } from "#shared/block-list/block-list.schemas.ts";
import { skipLabel } from "#shared/block-list/block-list-reasons.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";

/** Skipped lines listed before "and N more". */
const SKIPS_SHOWN = 200;

const count = (n: number) => n.toLocaleString("en-US");
const entries = (n: number) => `${count(n)} ${n === 1 ? "entry" : "entries"}`;

export function BlockReportPanel(props: {
  source: "add" | "import";
  fileName?: string;
  report: BlockReport;
  onDismiss: () => void;
}) {
  const { source, fileName, report, onDismiss } = props;
  // A typed entry is numbered by its position in the box; a file's by its line.
  const unit = source === "import" ? "line" : "entry";
  const shown = report.skipped.slice(0, SKIPS_SHOWN);
  const title = source === "import" ? "Import report" : "Add report";
  return (
    <Card role="region" aria-label={title}>
      <CardHeader className="flex flex-row items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>
            {fileName && <span className="break-all">{fileName}: </span>}
            <span className="inline-flex items-center gap-1">
              <CheckCircle2 aria-hidden className="size-4 text-success" /> {entries(report.added.length)} added
            </span>
            {" · "}
            {count(report.skipped.length)} skipped
            {report.header && " · the first line was read as a header"}
          </CardDescription>
        </div>
        <Button variant="ghost" size="icon" aria-label={`Close the ${title.toLowerCase()}`} onClick={onDismiss}>
          <X aria-hidden />
        </Button>
      </CardHeader>
      {shown.length > 0 && (
        <CardContent className="space-y-2">
          <div className="max-h-80 overflow-auto rounded-lg border">
            <Table aria-label="Skipped">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-20">{unit === "line" ? "Line" : "Entry"}</TableHead>
                  <TableHead>Text</TableHead>
                  <TableHead>Reason</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {shown.map((skip) => (
                  <TableRow key={skip.line}>
                    <TableCell className="tabular-nums">{skip.line}</TableCell>
                    <TableCell>
                      <div className="max-w-64 truncate font-mono text-xs" title={skip.input}>
                        {skip.input || <span className="text-muted-foreground">(empty)</span>}
                      </div>
                    </TableCell>
                    <TableCell>{skipLabel(skip, unit)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          {report.skipped.length > shown.length && (
            <p className="text-muted-foreground text-xs">and {count(report.skipped.length - shown.length)} more</p>
          )}
        </CardContent>
      )}
    </Card>
  );
}
