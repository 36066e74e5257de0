import { ArrowRightIcon, InfoIcon, ShieldBan } from "lucide-react";
import { useMemo } from "react";
import { Link } from "react-router";
import { blockListReasonLabels } from "#shared/block-list/block-list-reasons.ts";
import type { BlockedAddress } from "#shared/contacts/contacts.schemas.ts";
import { contactEmail, detectionCounts } from "#shared/contacts/import/duplicates.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { ColumnSelection } from "../../../contacts/column-selection.tsx";
import { DuplicateManager } from "../../../contacts/duplicate-manager.tsx";
import { useDuplicateCheck } from "../../../contacts/use-duplicate-check.ts";
import { useVerifyContacts, VerifyContactsPanel } from "../../../verification/verify-contacts-panel.tsx";
import type { StepProps } from "../wizard-draft.ts";

function Stat({ label, value, tone }: { label: string; value: number; tone?: "warning" | "success" }) {
  // The warning colour is a fill colour; as text on a light card it needs the darker foreground.
  const color =
    tone === "warning" ? "text-warning-foreground dark:text-warning" : tone === "success" ? "text-success" : "";
  return (
    <div className="rounded-lg border p-4">
      <dt className="text-muted-foreground text-sm">{label}</dt>
      <dd className={`font-semibold text-2xl tabular-nums ${color}`}>{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

/** Blocked addresses listed before "and N more". */
const BLOCKED_SHOWN = 100;

/** The contacts left out for being on the block list or the suppression list, each with what puts it there. */
function BlockedContacts({ blocked }: { blocked: BlockedAddress[] }) {
  const shown = blocked.slice(0, BLOCKED_SHOWN);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h3 className="flex items-center gap-2">
            <ShieldBan aria-hidden className="size-4" /> Blocked contacts
          </h3>
        </CardTitle>
        <CardDescription>
          {blocked.length === 1 ? "This contact is" : `These ${blocked.length.toLocaleString("en-US")} contacts are`} on
          your block list or suppression list and will not proceed. Manage them on the{" "}
          <Link to="/block-list" className="underline underline-offset-2">
            Block list
          </Link>
          .
        </CardDescription>
      </CardHeader>
      <CardContent>
        <details>
          <summary className="cursor-pointer text-sm">Show blocked contacts</summary>
          <ul aria-label="Blocked contacts" className="mt-2 max-h-64 divide-y overflow-auto rounded-lg border text-sm">
            {shown.map((b) => (
              <li key={b.email} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                <span className="min-w-0 truncate">{b.email}</span>
                <span className="text-muted-foreground">
                  {blockListReasonLabels[b.reason]}
                  {b.entry !== b.email && ` (${b.entry})`}
                </span>
              </li>
            ))}
          </ul>
          {blocked.length > shown.length && (
            <p className="mt-2 text-muted-foreground text-xs">
              and {(blocked.length - shown.length).toLocaleString("en-US")} more
            </p>
          )}
        </details>
      </CardContent>
    </Card>
  );
}

/** Step 4: earlier sends to the imported addresses, blocked ones, and the columns to keep (docs/product.md §9.5). */
export function DetectStep({ draft, update, goNext }: StepProps) {
  const emails = useMemo(
    () => draft.contacts.map((row) => contactEmail(row, draft.emailColumn)).filter(Boolean),
    [draft.contacts, draft.emailColumn],
  );
  const check = useDuplicateCheck(emails);
  const groups = check.data?.groups ?? [];
  const duplicates = useMemo(() => new Set(groups.map((g) => g.email)), [groups]);
  const blockedList = check.data?.blocked ?? [];
  const blocked = useMemo(() => new Set(blockedList.map((b) => b.email)), [blockedList]);
  const removed = useMemo(() => new Set(draft.removedDuplicates), [draft.removedDuplicates]);
  const counts = detectionCounts(emails, duplicates, removed, blocked);
  const selected = useMemo(() => new Set(draft.selectedColumns), [draft.selectedColumns]);
  const verification = useVerifyContacts();

  if (draft.contacts.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Detect Emails</h2>
          </CardTitle>
          <CardDescription>No contacts to check yet. Upload a contact list in the previous step first.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const toggle = (email: string) =>
    update((d) => ({
      removedDuplicates: d.removedDuplicates.includes(email)
        ? d.removedDuplicates.filter((e) => e !== email)
        : [...d.removedDuplicates, email],
    }));

  const proceed = () => {
    update((d) => {
      const drop = new Set([...d.removedDuplicates.filter((e) => duplicates.has(e)), ...blocked]);
      const fields = new Set(d.importedFields);
      return {
        contacts: d.contacts.filter((row) => !drop.has(contactEmail(row, d.emailColumn))),
        selectedColumns: [d.emailColumn, ...d.selectedColumns.filter((c) => c !== d.emailColumn && fields.has(c))],
      };
    });
    goNext();
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Detect Emails</h2>
          </CardTitle>
          <CardDescription>
            Your contacts are checked against the emails sent in your previous campaigns, so nobody is contacted twice,
            and against your block list.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Stat label="Total Contacts" value={counts.total} />
            <Stat
              label="Duplicates Found"
              value={counts.duplicates}
              tone={counts.duplicates > 0 ? "warning" : undefined}
            />
            <Stat label="Blocked" value={counts.blocked} tone={counts.blocked > 0 ? "warning" : undefined} />
            <Stat label="Will Proceed" value={counts.willProceed} tone="success" />
          </dl>
          {check.isFetching && <Spinner label="Checking your previous campaigns..." />}
          {check.data?.failed && (
            <p className="flex items-center gap-2 text-muted-foreground text-sm">
              <InfoIcon aria-hidden className="size-4" />
              Previous campaigns could not be checked right now; every contact will proceed.
            </p>
          )}
        </CardContent>
      </Card>

      {blockedList.length > 0 && <BlockedContacts blocked={blockedList} />}

      {groups.length > 0 && (
        <DuplicateManager
          groups={groups}
          removed={removed}
          onToggle={toggle}
          onRemoveAll={() => update({ removedDuplicates: groups.map((g) => g.email) })}
          onKeepAll={() => update({ removedDuplicates: [] })}
        />
      )}

      <VerifyContactsPanel
        state={verification}
        emails={() => emails}
        onRemove={(addresses) => {
          const drop = new Set(addresses.map((e) => e.toLowerCase()));
          update((d) => ({ contacts: d.contacts.filter((row) => !drop.has(contactEmail(row, d.emailColumn))) }));
          toast.success(`Removed ${addresses.length} invalid ${addresses.length === 1 ? "contact" : "contacts"}`);
        }}
      />

      <ColumnSelection
        fields={draft.importedFields}
        emailColumn={draft.emailColumn}
        selected={selected}
        onChange={(selectedColumns) => update({ selectedColumns })}
      />

      <div className="flex justify-end">
        <Button onClick={proceed} disabled={check.isFetching || counts.willProceed === 0}>
          Proceed to Email Sequence ({counts.willProceed.toLocaleString("en-US")}{" "}
          {counts.willProceed === 1 ? "contact" : "contacts"})
          <ArrowRightIcon aria-hidden />
        </Button>
      </div>
    </div>
  );
}
