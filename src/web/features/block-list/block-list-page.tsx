// Block list (/block-list, docs/product.md §20): the addresses and domains the
// user never wants emailed, added in the box (many at once) or imported from a
// file (the report says what was added and what was skipped and why), and the
// suppression list beside them (unsubscribes, hard bounces, complaints) with
// each reason and date. Searched and paged by the server; Export downloads all.
import { format } from "date-fns";
import { ChevronLeftIcon, ChevronRightIcon, Download, LockIcon, ShieldBan, Trash2 } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { BLOCK_LIST_PAGE_SIZE, type BlockListItem, type BlockReport } from "#shared/block-list/block-list.schemas.ts";
import { MAX_BLOCK_ENTRIES, MAX_IMPORT_CHARACTERS, typedEntries } from "#shared/block-list/block-list-input.ts";
import { type BlockListReason, blockListReasonLabels, suppressionKept } from "#shared/block-list/block-list-reasons.ts";
import { decodeTextFile } from "#shared/contacts/import/decode-text.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { FormField } from "#web/components/form-field.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { FileDropZone } from "../contacts/file-drop-zone.tsx";
import { BlockReportPanel } from "./block-report.tsx";
import {
  downloadBlockListCsv,
  useAddBlocks,
  useBlockList,
  useImportBlocks,
  useRemoveBlockListItem,
} from "./use-block-list.ts";

const SEARCH_DELAY_MS = 300;
const count = (n: number) => n.toLocaleString("en-US");
const MATCHING_HINT =
  "One a line, or separated by commas or spaces. A domain (example.com or @example.com) blocks every address at it and at its subdomains.";

const reasonBadge: Record<BlockListReason, BadgeProps["variant"]> = {
  blocked: "secondary",
  imported: "secondary",
  unsubscribed: "warning",
  bounced: "destructive",
  complained: "destructive",
  manual: "outline",
};

type Report = { source: "add" | "import"; fileName?: string; report: BlockReport };

export function BlockListPage() {
  const [report, setReport] = useState<Report | null>(null);
  return (
    <>
      <PageHeader
        title="Block list"
        subtitle="Addresses and domains you never want to email, and the addresses that unsubscribed, hard-bounced or complained."
        actions={<ExportButton />}
      />
      <div className="space-y-6">
        <div className="grid gap-6 lg:grid-cols-2">
          <AddCard onReport={setReport} />
          <ImportCard onReport={setReport} />
        </div>
        {report && <BlockReportPanel {...report} onDismiss={() => setReport(null)} />}
        <ListCard />
      </div>
    </>
  );
}

function ExportButton() {
  const [exporting, setExporting] = useState(false);
  async function exportCsv() {
    setExporting(true);
    try {
      await downloadBlockListCsv();
    } catch (err) {
      console.warn("block list export failed", err);
      toast.error("Export failed", { description: err instanceof Error ? err.message : undefined });
    } finally {
      setExporting(false);
    }
  }
  return (
    <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting}>
      <Download aria-hidden /> {exporting ? "Exporting..." : "Export CSV"}
    </Button>
  );
}

function AddCard({ onReport }: { onReport: (report: Report) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | undefined>();
  const add = useAddBlocks();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const entries = typedEntries(text);
    if (entries.length === 0) return setError("Enter at least one address or domain");
    if (entries.length > MAX_BLOCK_ENTRIES) {
      return setError(`Add at most ${count(MAX_BLOCK_ENTRIES)} at a time, or import them from a file`);
    }
    setError(undefined);
    try {
      const report = await add.mutateAsync(entries);
      onReport({ source: "add", report });
      if (report.added.length > 0) setText("");
      toast.success(`Blocked ${count(report.added.length)} ${report.added.length === 1 ? "entry" : "entries"}`);
    } catch (err) {
      console.warn("adding to the block list failed", err);
      toast.error("Failed to add to the block list", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Add</h2>
        </CardTitle>
        <CardDescription>Block addresses or whole domains.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
          <FormField id="block-entries" label="Addresses or domains" hint={MATCHING_HINT} error={error}>
            <Textarea
              id="block-entries"
              rows={4}
              className="max-h-60 font-mono"
              placeholder={"ann@example.com\n@example.org"}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "block-entries-error" : "block-entries-hint"}
            />
          </FormField>
          <Button type="submit" disabled={add.isPending}>
            <ShieldBan aria-hidden /> {add.isPending ? "Adding..." : "Add to Block list"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function ImportCard({ onReport }: { onReport: (report: Report) => void }) {
  const [error, setError] = useState<string | undefined>();
  const importBlocks = useImportBlocks();

  async function onFile(file: File) {
    if (!/\.(csv|txt)$/i.test(file.name)) return setError("Please upload a CSV file");
    if (file.size > MAX_IMPORT_CHARACTERS) return setError("File size must be less than 1MB");
    setError(undefined);
    let text: string;
    try {
      text = decodeTextFile(new Uint8Array(await file.arrayBuffer()));
    } catch {
      return setError("Failed to read file");
    }
    try {
      const report = await importBlocks.mutateAsync(text);
      onReport({ source: "import", fileName: file.name, report });
      toast.success(`Imported ${count(report.added.length)} ${report.added.length === 1 ? "entry" : "entries"}`);
    } catch (err) {
      console.warn("block list import failed", err);
      setError(err instanceof Error ? err.message : "Failed to import the file");
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Import</h2>
        </CardTitle>
        <CardDescription>A CSV or text file, one address or @domain a line.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <FileDropZone
          accept=".csv,.txt,text/csv,text/plain"
          label="Block list file"
          hint={`A .csv or .txt file under 1MB, at most ${count(MAX_BLOCK_ENTRIES)} lines. A header line is optional; only the first column is read.`}
          disabled={importBlocks.isPending}
          onFile={(file) => void onFile(file)}
        >
          {importBlocks.isPending ? <Spinner label="Importing your file..." /> : undefined}
        </FileDropZone>
        {error && (
          <p role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function ListCard() {
  const [searchInput, setSearchInput] = useState("");
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const list = useBlockList(search, page);
  const total = list.data?.total ?? 0;
  const items = list.data?.items ?? [];
  const pages = Math.max(1, Math.ceil(total / BLOCK_LIST_PAGE_SIZE));
  // Removing the last entry of the last page leaves an empty page: step back.
  useEffect(() => {
    if (list.data && page > 0 && page >= pages) setPage(pages - 1);
  }, [list.data, page, pages]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Blocked and suppressed</h2>
        </CardTitle>
        <CardDescription>No campaign, bulk send or compose emails these addresses.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <SearchInput
            label="Search the block list"
            placeholder="Search by address or domain..."
            className="w-full max-w-md"
            value={searchInput}
            onValueChange={(value) => {
              setSearchInput(value);
              // A new search starts at its first page.
              setPage(0);
            }}
          />
          {list.data && total > 0 && (
            <p className="text-muted-foreground text-sm" aria-live="polite">
              {count(total)} {total === 1 ? "entry" : "entries"}
            </p>
          )}
        </div>

        {list.isPending ? (
          <div role="status" aria-label="Loading the block list" className="space-y-2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-11 w-full" />
            ))}
          </div>
        ) : list.isError && !list.data ? (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border p-8 text-center">
            <p className="font-medium">Failed to load the block list</p>
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try Again
            </Button>
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
            <ShieldBan aria-hidden className="size-8 text-muted-foreground" />
            <p className="font-medium">{search ? "Nothing found" : "Your block list is empty"}</p>
            <p className="text-muted-foreground text-sm">
              {search
                ? `No address or domain matches "${search}".`
                : "Add addresses or domains above. Unsubscribes, hard bounces and complaints appear here by themselves."}
            </p>
          </div>
        ) : (
          <>
            <div
              className={cn(
                "overflow-x-auto rounded-lg border transition-opacity",
                list.isPlaceholderData && "opacity-60",
              )}
            >
              <Table aria-label="Block list" aria-busy={list.isFetching}>
                <TableHeader>
                  <TableRow>
                    <TableHead>Address or domain</TableHead>
                    <TableHead className="hidden sm:table-cell">Type</TableHead>
                    <TableHead>Reason</TableHead>
                    <TableHead>Added</TableHead>
                    <TableHead className="w-12">
                      <span className="sr-only">Remove</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {items.map((item) => (
                    <ItemRow key={`${item.list}:${item.id}`} item={item} />
                  ))}
                </TableBody>
              </Table>
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
              <span>
                Showing {count(page * BLOCK_LIST_PAGE_SIZE + 1)}–{count(page * BLOCK_LIST_PAGE_SIZE + items.length)} of{" "}
                {count(total)}
              </span>
              {pages > 1 && (
                <div className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                    <ChevronLeftIcon aria-hidden /> Previous
                  </Button>
                  <span>
                    Page {page + 1} of {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page + 1 >= pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    Next <ChevronRightIcon aria-hidden />
                  </Button>
                </div>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ItemRow({ item }: { item: BlockListItem }) {
  const remove = useRemoveBlockListItem();
  const shown = item.kind === "domain" ? `@${item.value}` : item.value;
  const kept = item.list === "suppression" ? suppressionKept[item.reason as keyof typeof suppressionKept] : undefined;

  async function confirmRemove() {
    try {
      await remove.mutateAsync(item);
      toast.success(item.list === "block" ? "Removed from the block list" : "Removed from the suppression list");
    } catch (err) {
      toast.error("Failed to remove", { description: err instanceof Error ? err.message : undefined });
    }
  }

  return (
    <TableRow>
      <TableCell>
        <div className="max-w-72 truncate font-medium" title={shown}>
          {shown}
        </div>
      </TableCell>
      <TableCell className="hidden sm:table-cell">{item.kind === "domain" ? "Domain" : "Address"}</TableCell>
      <TableCell>
        <Badge variant={reasonBadge[item.reason]}>{blockListReasonLabels[item.reason]}</Badge>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <time dateTime={item.createdAt} title={format(new Date(item.createdAt), "MMM d, yyyy h:mm a")}>
          {format(new Date(item.createdAt), "MMM d, yyyy")}
        </time>
      </TableCell>
      <TableCell className="text-right">
        {item.removable ? (
          <ConfirmDialog
            title={item.list === "block" ? "Remove from the block list?" : "Lift this suppression?"}
            description={
              item.kind === "domain"
                ? `Addresses at ${item.value} and its subdomains can be emailed again by campaigns launched and contacts added from now on.`
                : `${item.value} can be emailed again by campaigns launched and contacts added from now on.`
            }
            confirmLabel="Remove"
            busyLabel="Removing..."
            onConfirm={confirmRemove}
            trigger={
              <Button variant="ghost" size="icon" aria-label={`Remove ${shown}`} title={`Remove ${shown}`}>
                <Trash2 aria-hidden />
              </Button>
            }
          />
        ) : (
          <span className="inline-flex size-9 items-center justify-center text-muted-foreground" title={kept}>
            <LockIcon aria-hidden className="size-4" />
            <span className="sr-only">{kept}</span>
          </span>
        )}
      </TableCell>
    </TableRow>
  );
}
