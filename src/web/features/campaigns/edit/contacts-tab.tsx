// Edit campaign → Contacts (docs/product.md §10.2): search, a server-paginated
// list with status, Replied and Blocked badges, each contact's time zone (editable)
// and the counts per zone, removal, and the Add Contacts panel.
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon, Trash2Icon, UserPlusIcon, UsersIcon } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { CONTACT_PAGE_SIZE, type Contact } from "#shared/contacts/contacts.schemas.ts";
import type { ContactStatus } from "#shared/db-enums.ts";
import { isUnsendable } from "#shared/verification/bulk-input.ts";
import type { Verification } from "#shared/verification/verification.schemas.ts";
import { ConfirmDialog } from "#web/components/confirm-dialog.tsx";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Skeleton } from "#web/components/ui/skeleton.tsx";
import { toast } from "#web/lib/toast.ts";
import { useDebounced } from "#web/lib/use-debounced.ts";
import { AddContactsPanel } from "../../contacts/add-contacts-panel.tsx";
import { CampaignZoneCounts, ContactTimeZone } from "../../contacts/contact-time-zone.tsx";
import {
  fetchContactAddresses,
  useCampaignContacts,
  useRemoveContact,
  useRemoveContacts,
} from "../../contacts/use-campaign-contacts.ts";
import { VerdictBadge } from "../../verification/verdict-badge.tsx";
import { useVerifyContacts, VerifyContactsPanel } from "../../verification/verify-contacts-panel.tsx";

const SEARCH_DELAY_MS = 300;

const statusBadge: Record<ContactStatus, { label: string; variant: BadgeProps["variant"] }> = {
  active: { label: "Active", variant: "secondary" },
  completed: { label: "Completed", variant: "outline" },
  unsubscribed: { label: "Unsubscribed", variant: "warning" },
  bounced: { label: "Bounced", variant: "destructive" },
};

export function ContactsTab({ campaignId }: { campaignId: string }) {
  const [searchInput, setSearchInput] = useState("");
  const search = useDebounced(searchInput.trim(), SEARCH_DELAY_MS);
  const [page, setPage] = useState(0);
  const [adding, setAdding] = useState(false);
  const list = useCampaignContacts(campaignId, search, page);
  const verification = useVerifyContacts();
  const removeMany = useRemoveContacts(campaignId);
  // Lower-cased address → contact id, from the last "Verify contacts" (removal is by id).
  const idsByEmail = useRef(new Map<string, string>());

  async function loadEmails() {
    const { contacts: all } = await fetchContactAddresses(campaignId);
    idsByEmail.current = new Map(all.map((c) => [c.email.toLowerCase(), c.id]));
    return all.map((c) => c.email);
  }

  async function removeInvalid(emails: string[]) {
    const ids = emails.flatMap((e) => idsByEmail.current.get(e.toLowerCase()) ?? []);
    try {
      const removed = await removeMany.mutateAsync(ids);
      toast.success(`Removed ${removed} invalid ${removed === 1 ? "contact" : "contacts"}`);
    } catch (e) {
      toast.error("Failed to remove contact");
      throw e;
    }
  }

  const total = list.data?.total ?? 0;
  const contacts = list.data?.contacts ?? [];
  const pageSize = CONTACT_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  // Removing the last contact of the last page leaves an empty page: step back.
  useEffect(() => {
    if (list.data && page > 0 && page >= pages) setPage(pages - 1);
  }, [list.data, page, pages]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="relative w-full max-w-sm">
          <SearchIcon aria-hidden className="absolute top-2.5 left-2.5 size-4 text-muted-foreground" />
          <Input
            type="search"
            aria-label="Search contacts"
            placeholder="Search by email, name or company"
            className="pl-8"
            value={searchInput}
            onChange={(e) => {
              setSearchInput(e.target.value);
              // A new search starts at its first page.
              setPage(0);
            }}
          />
        </div>
        <Button variant={adding ? "secondary" : "default"} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
          <UserPlusIcon aria-hidden /> Add Contacts
        </Button>
      </div>

      {adding && <AddContactsPanel campaignId={campaignId} />}

      <VerifyContactsPanel state={verification} emails={loadEmails} onRemove={removeInvalid} />

      <CampaignZoneCounts campaignId={campaignId} />

      {list.isPending ? (
        <div className="space-y-2" role="status" aria-label="Loading contacts">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border p-8 text-center">
          <p className="font-medium">Failed to load contacts</p>
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try Again
          </Button>
        </div>
      ) : contacts.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed p-10 text-center">
          <UsersIcon aria-hidden className="size-8 text-muted-foreground" />
          <p className="font-medium">{search ? "No contacts found" : "No contacts yet"}</p>
          <p className="text-muted-foreground text-sm">
            {search ? `No contact matches "${search}".` : "Add contacts one by one, paste a list or upload a CSV file."}
          </p>
        </div>
      ) : (
        <>
          <ul aria-label="Contacts" className="divide-y rounded-lg border">
            {contacts.map((contact) => (
              <ContactRow
                key={contact.id}
                campaignId={campaignId}
                contact={contact}
                verification={verification.verified?.get(contact.email.toLowerCase())}
              />
            ))}
          </ul>
          <div className="flex flex-wrap items-center justify-between gap-3 text-muted-foreground text-sm">
            <span>
              Showing {(page * pageSize + 1).toLocaleString("en-US")}–
              {(page * pageSize + contacts.length).toLocaleString("en-US")} of {total.toLocaleString("en-US")}
            </span>
            {pages > 1 && (
              <div className="flex items-center gap-2">
                <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
                  <ChevronLeftIcon aria-hidden /> Previous
                </Button>
                <span>
                  Page {page + 1} of {pages}
                </span>
                <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage((p) => p + 1)}>
                  Next <ChevronRightIcon aria-hidden />
                </Button>
              </div>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function ContactRow(props: { campaignId: string; contact: Contact; verification: Verification | undefined }) {
  const { campaignId, contact, verification } = props;
  const remove = useRemoveContact(campaignId);
  const name = [contact.firstName, contact.lastName].filter(Boolean).join(" ");
  const status = statusBadge[contact.status];

  async function confirmRemove() {
    try {
      await remove.mutateAsync(contact.id);
      toast.success("Contact removed from campaign");
    } catch {
      toast.error("Failed to remove contact");
    }
  }

  return (
    <li className="flex items-center justify-between gap-3 p-3">
      <div className="min-w-0">
        <p className="truncate font-medium text-sm">{contact.email}</p>
        {(name || contact.company) && (
          <p className="truncate text-muted-foreground text-xs">
            {[name, contact.company].filter(Boolean).join(" · ")}
          </p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-2">
        <ContactTimeZone campaignId={campaignId} contact={contact} />
        {verification && isUnsendable(verification.result) && <VerdictBadge result={verification.result} />}
        <Badge variant={status.variant}>{status.label}</Badge>
        {contact.blocked && (
          <Badge
            variant="outline"
            title={
              contact.blocked === "listed"
                ? "The address or its domain is on your block list: nothing is sent to it"
                : "A step was skipped while the address was on your block list; it is not sent again"
            }
          >
            {contact.blocked === "listed" ? "Blocked" : "Skipped: blocked"}
          </Badge>
        )}
        {contact.repliedAt && (
          <Badge variant="success" title={`Replied ${new Date(contact.repliedAt).toLocaleString()}`}>
            Replied
          </Badge>
        )}
        <ConfirmDialog
          title="Remove this contact?"
          description={`${contact.email} will be removed from this campaign and its scheduled emails cancelled. The emails already sent to it stay in your figures and in the Inbox.`}
          confirmLabel="Remove"
          busyLabel="Removing..."
          onConfirm={confirmRemove}
          trigger={
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Delete ${contact.email}`}
              title={`Delete ${contact.email}`}
            >
              <Trash2Icon aria-hidden />
            </Button>
          }
        />
      </div>
    </li>
  );
}
