// Contacts page (docs/product.md §6): every contact across the user's campaigns,
// one row per email address, searchable, a page at a time from the server
// (the next page loads as the end of the table scrolls into view; 'Load more'
// does the same from the keyboard), with a details dialog and a CSV export of
// every matching contact. The table is virtualised: only the rows near the
// viewport are in the DOM, however many pages are loaded.

import { useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { Download, Eye, RefreshCw, Users } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import type { DirectoryContact } from "#shared/contact-directory/contact-directory.schemas.ts";
import { contactName } from "#shared/contacts/contacts-csv.ts";
import type { LeadStatus } from "#shared/db-enums.ts";
import { leadStatusLabels } from "#shared/lead-status/lead-status-rules.ts";
import { LoadMoreButton } from "#web/components/load-more-button.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Table, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { useLoadOnScroll } from "#web/components/use-load-on-scroll.ts";
import { useVirtualRows } from "#web/components/virtual-list.tsx";
import { LeadStatusBadge } from "#web/features/lead-status/lead-status-badge.tsx";
import { LeadStatusFilter } from "#web/features/lead-status/lead-status-filter.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { ContactDetailsDialog } from "./contact-details-dialog.tsx";
import { ContactStatusBadge } from "./contact-status-badge.tsx";
import { contactDirectoryKey, downloadContactsCsv, useContactDirectory } from "./use-contact-directory.ts";

const SEARCH_DELAY_MS = 300;
/** Campaign names shown in a row before "+n more". */
const CAMPAIGNS_SHOWN = 2;

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");
const count = (n: number) => n.toLocaleString("en-US");

export function ContactsPage() {
  const [searchInput, setSearchInput] = useState("");
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
  const [leadStatus, setLeadStatus] = useState<LeadStatus | undefined>();
  const list = useContactDirectory(search, leadStatus);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<DirectoryContact | null>(null);
  const [exporting, setExporting] = useState(false);

  // docs/product.md §6.1: the toast says whether the server answered with an error or the request failed.
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (!list.isError || reported.current === list.error) return;
    reported.current = list.error;
    console.warn("contacts failed to load", list.error);
    toast.error("Error", {
      description: list.error instanceof ApiError ? "Failed to fetch contacts" : "Failed to load contacts",
    });
  }, [list.isError, list.error]);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadContactsCsv(search, leadStatus);
    } catch (err) {
      console.warn("contacts export failed", err);
      toast.error("Export failed", { description: err instanceof Error ? err.message : undefined });
    } finally {
      setExporting(false);
    }
  }

  const pages = list.data?.pages;
  const data = pages?.[0];
  // The same array between renders: the virtualised rows recompute their layout when it changes.
  const contacts = useMemo(() => (pages ?? []).flatMap((p) => p.contacts), [pages]);
  const total = data?.total ?? 0;
  const onVisibleEnd = useLoadOnScroll(list, contacts.length);

  return (
    <>
      <PageHeader
        title="Contacts"
        subtitle="Every contact across your campaigns, with their email status, sends and replies"
        actions={
          <>
            <Button variant="outline" onClick={() => void exportCsv()} disabled={exporting || total === 0}>
              <Download aria-hidden /> {exporting ? "Exporting..." : "Export CSV"}
            </Button>
            <Button
              variant="outline"
              onClick={() => void queryClient.invalidateQueries({ queryKey: contactDirectoryKey })}
              disabled={list.isFetching}
            >
              <RefreshCw aria-hidden className={cn(list.isFetching && "animate-spin")} /> Refresh
            </Button>
          </>
        }
      />
      <Card>
        <CardContent className="space-y-4 px-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-1 sm:flex-row sm:items-center">
              <div className="relative w-full max-w-md">
                <SearchInput
                  label="Search contacts"
                  placeholder="Search by name, email, or campaign..."
                  value={searchInput}
                  onValueChange={setSearchInput}
                />
              </div>
              <LeadStatusFilter value={leadStatus} onChange={setLeadStatus} />
            </div>
            {data && total > 0 && (
              <p className="text-muted-foreground text-sm" aria-live="polite">
                {count(total)} {total === 1 ? "contact" : "contacts"}
              </p>
            )}
          </div>

          {list.isPending ? (
            <div role="status" aria-label="Loading contacts" className="space-y-2">
              {[0, 1, 2, 3, 4].map((i) => (
                <Skeleton key={i} className="h-12 w-full" />
              ))}
            </div>
          ) : list.isError && !data ? (
            <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border p-8 text-center">
              <p className="font-medium">Failed to load contacts</p>
              <Button variant="outline" onClick={() => void list.refetch()}>
                Try Again
              </Button>
            </div>
          ) : contacts.length === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
              <Users aria-hidden className="size-8 text-muted-foreground" />
              <p className="font-medium">{search || leadStatus ? "No contacts found" : "No contacts yet"}</p>
              <p className="text-muted-foreground text-sm">
                {leadStatus
                  ? `No contact${search ? ` matching "${search}"` : ""} has the lead status ${leadStatusLabels[leadStatus]}.`
                  : search
                    ? `No contact matches "${search}".`
                    : "Contacts appear here when you add them to a campaign."}
              </p>
            </div>
          ) : (
            <>
              <div
                className={cn(
                  "overflow-hidden rounded-lg border transition-opacity",
                  list.isPlaceholderData && "opacity-60",
                )}
              >
                <Table aria-label="Contacts" aria-busy={list.isFetching} aria-rowcount={contacts.length + 1}>
                  <TableHeader>
                    <TableRow aria-rowindex={1}>
                      <TableHead>Contact</TableHead>
                      <TableHead>Email</TableHead>
                      <TableHead>Campaigns</TableHead>
                      <TableHead>Email Status</TableHead>
                      <TableHead>Lead Status</TableHead>
                      <TableHead className="text-right">Emails Sent</TableHead>
                      <TableHead>Replied</TableHead>
                      <TableHead>Added</TableHead>
                      {/* Kept in view when the table scrolls sideways (narrow screens). */}
                      <TableHead className="sticky right-0 w-12 bg-card">
                        <span className="sr-only">Details</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <ContactRows contacts={contacts} onOpen={setSelected} onVisibleEnd={onVisibleEnd} />
                </Table>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
                <span>
                  Showing {count(contacts.length)} of {count(total)}
                </span>
                <LoadMoreButton pages={list} variant="outline" />
              </div>
            </>
          )}
        </CardContent>
      </Card>
      <ContactDetailsDialog contact={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </>
  );
}

const contactKey = (contact: DirectoryContact) => contact.key;

/**
 * The table's rows near the viewport, between two spacer rows that hold the
 * height of the others (rows positioned absolutely would lose the columns).
 */
function ContactRows({
  contacts,
  onOpen,
  onVisibleEnd,
}: {
  contacts: DirectoryContact[];
  onOpen: (contact: DirectoryContact) => void;
  onVisibleEnd: (index: number) => void;
}) {
  const { listRef, virtualizer, onFocus, onBlur } = useVirtualRows<DirectoryContact, HTMLTableSectionElement>({
    items: contacts,
    itemKey: contactKey,
    estimateSize: 61,
    gap: 0,
    onVisibleEnd,
  });
  const rows = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const before = (rows[0]?.start ?? margin) - margin;
  const after = virtualizer.getTotalSize() - ((rows.at(-1)?.end ?? margin) - margin);
  return (
    <tbody
      ref={listRef}
      data-slot="table-body"
      className="[&_tr:last-child]:border-0"
      onFocus={onFocus}
      onBlur={onBlur}
    >
      {before > 0 && <tr aria-hidden style={{ height: before }} />}
      {rows.map((row) => (
        <ContactRow
          key={row.key}
          contact={contacts[row.index]!}
          index={row.index}
          measure={virtualizer.measureElement}
          onOpen={() => onOpen(contacts[row.index]!)}
        />
      ))}
      {after > 0 && <tr aria-hidden style={{ height: after }} />}
    </tbody>
  );
}

function ContactRow({
  contact,
  index,
  measure,
  onOpen,
}: {
  contact: DirectoryContact;
  index: number;
  measure: (node: HTMLElement | null) => void;
  onOpen: () => void;
}) {
  const name = contactName(contact);
  const shown = contact.campaigns.slice(0, CAMPAIGNS_SHOWN);
  const more = contact.campaigns.length - shown.length;
  // Table cells ignore max-width: the widths are on their content.
  return (
    <TableRow ref={measure} data-index={index} aria-rowindex={index + 2}>
      <TableCell>
        <div className="max-w-40">
          <p className={cn("truncate font-medium", !name && "text-muted-foreground")} title={name || undefined}>
            {name || "—"}
          </p>
          {contact.company && (
            <p className="truncate text-muted-foreground text-xs" title={contact.company}>
              {contact.company}
            </p>
          )}
        </div>
      </TableCell>
      <TableCell>
        <div className="max-w-48 truncate" title={contact.email}>
          {contact.email}
        </div>
      </TableCell>
      <TableCell>
        <div
          className="flex max-w-36 flex-col items-start gap-1"
          title={contact.campaigns.map((c) => c.name).join(", ")}
        >
          {shown.map((c) => (
            <Badge key={c.id} variant="secondary" className="max-w-full">
              <span className="truncate">{c.name}</span>
            </Badge>
          ))}
          {more > 0 && <Badge variant="outline">+{more} more</Badge>}
        </div>
      </TableCell>
      <TableCell>
        <ContactStatusBadge status={contact.emailStatus} />
      </TableCell>
      <TableCell>
        <LeadStatusBadge value={contact.leadStatus} />
      </TableCell>
      <TableCell className="text-right tabular-nums">{count(contact.sent)}</TableCell>
      <TableCell>
        {contact.repliedAt ? (
          <span title={format(new Date(contact.repliedAt), "MMM d, yyyy h:mm a")}>{day(contact.repliedAt)}</span>
        ) : (
          <span className="text-muted-foreground">No</span>
        )}
      </TableCell>
      <TableCell>{day(contact.addedAt)}</TableCell>
      <TableCell className="sticky right-0 bg-card text-right">
        <Button
          variant="ghost"
          size="icon"
          aria-label={`View details for ${contact.email}`}
          title="View details"
          onClick={onOpen}
        >
          <Eye aria-hidden />
        </Button>
      </TableCell>
    </TableRow>
  );
}
