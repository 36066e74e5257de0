// Contacts page (spec part 1 §2): every contact across the user's campaigns,
// one row per email address, searchable, a page at a time from the server,
// with a details dialog and a CSV export of every matching contact.

import { useQueryClient } from "@tanstack/react-query";
import { format } from "date-fns";
import { ChevronLeft, ChevronRight, Download, Eye, RefreshCw, Users } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { DIRECTORY_PAGE_SIZE, type DirectoryContact } from "#shared/contacts/contact-directory.schemas.ts";
import { contactName } from "#shared/contacts/contacts-csv.ts";
import { PageHeader } from "#web/components/page-header.tsx";
import { SearchInput } from "#web/components/search-input.tsx";
import { Badge } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "#web/components/ui/table.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { cn } from "#web/lib/cn.ts";
import { ContactDetailsDialog } from "./contact-details-dialog.tsx";
import { ContactStatusBadge } from "./contact-status-badge.tsx";
import { contactDirectoryKey, downloadContactsCsv, useContactDirectory } from "./use-contact-directory.ts";

const SEARCH_DELAY_MS = 300;
/** Campaign names shown in a row before "+n more". */
const CAMPAIGNS_SHOWN = 2;

const day = (iso: string) => format(new Date(iso), "MMM d, yyyy");
const count = (n: number) => n.toLocaleString("en-US");

function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

export function ContactsPage() {
  const [searchInput, setSearchInput] = useState("");
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
  // The cursor of every page up to the current one (the first page's is null),
  // for the search they belong to: a new search starts at its first page.
  const [paging, setPaging] = useState<{ search: string; cursors: (string | null)[] }>({ search, cursors: [null] });
  const cursors = paging.search === search ? paging.cursors : [null];
  const setCursors = (next: (string | null)[]) => setPaging({ search, cursors: next });
  const cursor = cursors.at(-1) ?? null;
  const list = useContactDirectory(search, cursor);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<DirectoryContact | null>(null);
  const [exporting, setExporting] = useState(false);

  // Spec part 1 §8: the toast says whether the server answered with an error or the request failed.
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
      await downloadContactsCsv(search);
    } catch (err) {
      console.warn("contacts export failed", err);
      toast.error("Export failed", { description: err instanceof Error ? err.message : undefined });
    } finally {
      setExporting(false);
    }
  }

  const data = list.data;
  const contacts = data?.contacts ?? [];
  const total = data?.total ?? 0;
  const first = (cursors.length - 1) * DIRECTORY_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / DIRECTORY_PAGE_SIZE));

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
            <div className="relative w-full max-w-md">
              <SearchInput
                label="Search contacts"
                placeholder="Search by name, email, or campaign..."
                value={searchInput}
                onValueChange={setSearchInput}
              />
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
              <p className="font-medium">{search ? "No contacts found" : "No contacts yet"}</p>
              <p className="text-muted-foreground text-sm">
                {search ? `No contact matches "${search}".` : "Contacts appear here when you add them to a campaign."}
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
                <Table aria-label="Contacts" aria-busy={list.isFetching}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Contact</TableHead>
                      <TableHead>Email</TableHead>
                      <TableHead>Campaigns</TableHead>
                      <TableHead>Email Status</TableHead>
                      <TableHead className="text-right">Emails Sent</TableHead>
                      <TableHead>Replied</TableHead>
                      <TableHead>Added</TableHead>
                      {/* Kept in view when the table scrolls sideways (narrow screens). */}
                      <TableHead className="sticky right-0 w-12 bg-card">
                        <span className="sr-only">Details</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {contacts.map((contact) => (
                      <ContactRow key={contact.key} contact={contact} onOpen={() => setSelected(contact)} />
                    ))}
                  </TableBody>
                </Table>
              </div>
              <div className="flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
                <span>
                  Showing {count(first + 1)}–{count(first + contacts.length)} of {count(total)}
                </span>
                {(cursors.length > 1 || data?.nextCursor) && (
                  <nav aria-label="Contact pages" className="flex items-center gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={cursors.length === 1}
                      onClick={() => setCursors(cursors.slice(0, -1))}
                    >
                      <ChevronLeft aria-hidden /> Previous
                    </Button>
                    <span>
                      Page {count(cursors.length)} of {count(pages)}
                    </span>
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={!data?.nextCursor || list.isPlaceholderData}
                      onClick={() => {
                        const next = data?.nextCursor;
                        if (next) setCursors([...cursors, next]);
                      }}
                    >
                      Next <ChevronRight aria-hidden />
                    </Button>
                  </nav>
                )}
              </div>
            </>
          )}
        </CardContent>
      </Card>
      <ContactDetailsDialog contact={selected} onOpenChange={(open) => !open && setSelected(null)} />
    </>
  );
}

function ContactRow({ contact, onOpen }: { contact: DirectoryContact; onOpen: () => void }) {
  const name = contactName(contact);
  const shown = contact.campaigns.slice(0, CAMPAIGNS_SHOWN);
  const more = contact.campaigns.length - shown.length;
  // Table cells ignore max-width: the widths are on their content.
  return (
    <TableRow>
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
