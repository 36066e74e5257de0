// Email in Bulk (docs/product.md §12): campaign name and description, the sender
// email list, a CSV of contacts with its summary and preview, and the Ready to
// Send panel. The server decides how the send goes out: to the user's
// automation webhook when one is set in Settings, else through Coldreach's own
// sending engine (then the page also asks for the email's subject and message).
// A successful send clears the form; a failed one keeps every input.
import { ExternalLink, Loader2, RefreshCw, Send, Webhook, Zap } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import type { BulkSendResult } from "#shared/bulk/bulk.schemas.ts";
import { bulkMessages } from "#shared/bulk/bulk-messages.ts";
import { type BulkMode, bulkSendError } from "#shared/bulk/send-validation.ts";
import { toImportFailure } from "#shared/contacts/import/import-error.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useSendersQuery } from "../senders/use-senders.ts";
import { BulkCsvUpload, type UploadedCsv } from "./bulk-csv-upload.tsx";
import { isAbortError, readBulkCsv } from "./read-bulk-csv.ts";
import { SenderEmailList } from "./sender-email-list.tsx";
import { useBulkDelivery, useBulkSend } from "./use-bulk.ts";

type Draft = {
  campaignName: string;
  campaignDescription: string;
  senders: string[];
  upload: UploadedCsv | null;
  subject: string;
  message: string;
};

const emptyDraft: Draft = {
  campaignName: "",
  campaignDescription: "",
  senders: [],
  upload: null,
  subject: "",
  message: "",
};

/** Where the page moves focus for each send check. */
const focusFor: Record<string, string> = {
  [bulkMessages.nameRequired]: "bulk-campaign-name",
  [bulkMessages.sendersRequired]: "bulk-sender-email",
  [bulkMessages.subjectRequired]: "bulk-subject",
  [bulkMessages.messageRequired]: "bulk-message",
};

/** The toast for a failed send: the server's message, or the spec's generic one for anything unexpected. */
function failureMessage(err: unknown): string {
  if (err instanceof ApiError) {
    return err.status >= 500 && err.code !== "bad_gateway" ? bulkMessages.sendError : err.message;
  }
  return bulkMessages.sendError;
}

const plural = (n: number, word: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? word : word.endsWith("s") ? `${word}es` : `${word}s`}`;

function successDetails(result: BulkSendResult): string | undefined {
  const notes = [
    result.suppressed > 0 && `${plural(result.suppressed, "address")} on your suppression list skipped`,
    result.blocked > 0 && `${plural(result.blocked, "address")} on your block list skipped`,
    result.invalid > 0 && `${plural(result.invalid, "incomplete address")} skipped`,
  ].filter(Boolean);
  return notes.length > 0 ? `${notes.join("; ")}.` : undefined;
}

/** {{tag}} for a CSV column key, when it can be written as a merge tag. */
function columnTag(key: string): string | null {
  const name = key.trim().replace(/\s+/g, "_");
  return /^[A-Za-z0-9_]+$/.test(name) ? `{{${name}}}` : null;
}

export function BulkEmailPage() {
  const navigate = useNavigate();
  const delivery = useBulkDelivery();
  const saved = useSendersQuery();
  const send = useBulkSend();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [reading, setReading] = useState(false);
  const [csvError, setCsvError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const upload = useRef<AbortController | null>(null);
  const mode: BulkMode | undefined = delivery.data?.mode;
  const busy = send.isPending;

  // Leaving the page stops a parse still running.
  useEffect(() => () => upload.current?.abort(), []);

  const update = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setSendError(null);
  };

  const savedEmails = useMemo(() => (saved.data ?? []).map((s) => s.email), [saved.data]);
  const unsaved = useMemo(() => {
    const known = new Set(savedEmails.map((e) => e.toLowerCase()));
    return draft.senders.filter((e) => !known.has(e.toLowerCase()));
  }, [savedEmails, draft.senders]);

  async function onFile(file: File) {
    upload.current?.abort();
    const controller = new AbortController();
    upload.current = controller;
    setCsvError(null);
    setSendError(null);
    setReading(true);
    try {
      const result = await readBulkCsv(file, controller.signal);
      update({ upload: { fileName: file.name, ...result } });
      toast.success(bulkMessages.csvUploaded(result.contacts.length));
    } catch (err) {
      if (isAbortError(err)) return;
      const failure = toImportFailure(err);
      setCsvError(failure.detail ? `${failure.message}. ${failure.detail}` : failure.message);
      toast.error(failure.message);
    } finally {
      if (upload.current === controller) {
        upload.current = null;
        setReading(false);
      }
    }
  }

  async function onSend() {
    const contacts = draft.upload?.contacts ?? [];
    const problem = bulkSendError(
      {
        campaignName: draft.campaignName,
        senderEmails: draft.senders,
        contacts,
        subject: draft.subject,
        message: draft.message,
      },
      mode,
    );
    if (problem) {
      setSendError(problem);
      toast.error(problem);
      const target = focusFor[problem];
      if (target) document.getElementById(target)?.focus();
      return;
    }
    setSendError(null);
    try {
      const result = await send.mutateAsync({
        campaignName: draft.campaignName.trim(),
        campaignDescription: draft.campaignDescription.trim(),
        senderEmails: draft.senders,
        contacts,
        ...(mode === "engine" ? { subject: draft.subject, message: draft.message } : {}),
      });
      const campaignId = result.campaignId;
      toast.success(bulkMessages.sent(result.processed), {
        description: successDetails(result),
        action: campaignId
          ? { label: "View campaign", onClick: () => navigate(`/campaigns/edit/${campaignId}`) }
          : undefined,
      });
      setDraft(emptyDraft);
      setCsvError(null);
    } catch (err) {
      console.warn("bulk send failed", err);
      const message = failureMessage(err);
      setSendError(message);
      toast.error(message);
    }
  }

  const otherColumnTags = (draft.upload?.columns ?? [])
    .filter((c) => !["email", "firstName", "lastName", "company"].includes(c.key))
    .map((c) => columnTag(c.key))
    .filter((t): t is string => t !== null);

  return (
    <>
      <PageHeader
        title="Email in Bulk"
        subtitle="Send one email to a CSV list of contacts from several sender addresses"
      />
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-6">
          <DeliveryNotice delivery={delivery} />

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Campaign Details</h2>
              </CardTitle>
              <CardDescription>Name this send so you can recognise it later.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-5">
              <FormField id="bulk-campaign-name" label="Campaign Name *">
                <Input
                  id="bulk-campaign-name"
                  placeholder="e.g., Spring Product Update"
                  aria-required="true"
                  maxLength={200}
                  value={draft.campaignName}
                  disabled={busy}
                  onChange={(e) => update({ campaignName: e.target.value })}
                />
              </FormField>
              <FormField id="bulk-campaign-description" label="Description">
                <Textarea
                  id="bulk-campaign-description"
                  rows={3}
                  maxLength={2000}
                  placeholder="What is this send about? (optional)"
                  value={draft.campaignDescription}
                  disabled={busy}
                  onChange={(e) => update({ campaignDescription: e.target.value })}
                />
              </FormField>
            </CardContent>
          </Card>

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Sender Emails</h2>
              </CardTitle>
              <CardDescription>
                {mode === "engine"
                  ? "Addresses of your saved sender accounts; each contact gets one of them in turn."
                  : "The addresses the emails go out from."}
              </CardDescription>
            </CardHeader>
            <CardContent className="space-y-3">
              <SenderEmailList
                senders={draft.senders}
                onChange={(senders) => update({ senders })}
                saved={savedEmails}
                savedOnly={mode === "engine" && saved.isSuccess}
                disabled={busy}
              />
              {mode === "engine" && saved.isSuccess && savedEmails.length === 0 && (
                <p className="text-muted-foreground text-sm">
                  You have no saved sender accounts yet.{" "}
                  <Link to="/senders" className="text-primary underline-offset-4 hover:underline">
                    Add one in Senders
                  </Link>{" "}
                  first.
                </p>
              )}
              {mode === "engine" && saved.isSuccess && unsaved.length > 0 && (
                <p className="text-sm text-warning-foreground dark:text-warning">
                  Not a saved sender account: {unsaved.join(", ")}. Add {unsaved.length === 1 ? "it" : "them"} in{" "}
                  <Link to="/senders" className="text-primary underline-offset-4 hover:underline">
                    Senders
                  </Link>{" "}
                  before sending.
                </p>
              )}
            </CardContent>
          </Card>

          {mode === "engine" && (
            <Card>
              <CardHeader>
                <CardTitle>
                  <h2>Email</h2>
                </CardTitle>
                <CardDescription>
                  Merge tags fill in each contact's details: {"{{firstName}}"}, {"{{lastName}}"}, {"{{company}}"},{" "}
                  {"{{email}}"}
                  {otherColumnTags.length > 0 && <>, and from your CSV {otherColumnTags.join(", ")}</>}.
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-5">
                <FormField id="bulk-subject" label="Subject *">
                  <Input
                    id="bulk-subject"
                    placeholder="e.g., Quick question, {{firstName}}"
                    aria-required="true"
                    maxLength={998}
                    value={draft.subject}
                    disabled={busy}
                    onChange={(e) => update({ subject: e.target.value })}
                  />
                </FormField>
                <FormField id="bulk-message" label="Message *">
                  <Textarea
                    id="bulk-message"
                    rows={8}
                    aria-required="true"
                    placeholder={"Hi {{firstName}},\n\n..."}
                    value={draft.message}
                    disabled={busy}
                    onChange={(e) => update({ message: e.target.value })}
                  />
                </FormField>
              </CardContent>
            </Card>
          )}

          <Card>
            <CardHeader>
              <CardTitle>
                <h2>Contacts</h2>
              </CardTitle>
              <CardDescription>Upload the CSV file of people to email.</CardDescription>
            </CardHeader>
            <CardContent>
              <BulkCsvUpload
                upload={draft.upload}
                reading={reading}
                error={csvError}
                disabled={busy}
                onFile={(file) => void onFile(file)}
                onClear={() => {
                  update({ upload: null });
                  setCsvError(null);
                }}
              />
            </CardContent>
          </Card>
        </div>

        <ReadyToSend
          draft={draft}
          mode={mode}
          webhookHost={delivery.data?.webhookHost ?? null}
          sending={busy}
          canSend={!reading && delivery.isSuccess}
          error={sendError}
          onSend={() => void onSend()}
        />
      </div>
    </>
  );
}

function DeliveryNotice({ delivery }: { delivery: ReturnType<typeof useBulkDelivery> }) {
  if (delivery.isPending) return <Spinner label="Checking how bulk emails are sent..." />;
  if (delivery.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 p-4">
        <p className="text-destructive text-sm">Could not check how bulk emails are sent.</p>
        <Button variant="outline" size="sm" onClick={() => void delivery.refetch()}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  const webhook = delivery.data.mode === "webhook";
  return (
    <section
      aria-label="Delivery"
      data-mode={delivery.data.mode}
      className="flex items-start gap-3 rounded-lg border border-primary/30 bg-primary/5 p-4"
    >
      {webhook ? (
        <Webhook className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      ) : (
        <Zap className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
      )}
      <div className="min-w-0 space-y-1 text-sm">
        <p className="font-medium">
          {webhook
            ? `Sent through your automation webhook at ${delivery.data.webhookHost}`
            : "Sent through Coldreach with your saved sender accounts"}
        </p>
        <p className="text-muted-foreground">
          {webhook
            ? "Coldreach posts the campaign, the sender emails and the contacts to it, signed with your signing secret. "
            : "Each send becomes a campaign with one email: daily limits, the sending window, your suppression list and block list, open tracking and unsubscribe links apply. "}
          <Link
            to="/settings"
            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
          >
            {webhook ? "Change the webhook in Settings" : "Use an automation webhook instead"}
            <ExternalLink className="size-3" aria-hidden />
          </Link>
        </p>
      </div>
    </section>
  );
}

type ReadyToSendProps = {
  draft: Draft;
  mode: BulkMode | undefined;
  webhookHost: string | null;
  sending: boolean;
  canSend: boolean;
  error: string | null;
  onSend: () => void;
};

function ReadyToSend({ draft, mode, webhookHost, sending, canSend, error, onSend }: ReadyToSendProps) {
  const contacts = draft.upload?.contacts.length ?? 0;
  return (
    <Card className="lg:sticky lg:top-4" role="region" aria-labelledby="bulk-ready-title">
      <CardHeader>
        <CardTitle>
          <h2 id="bulk-ready-title">Ready to Send</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        <dl className="space-y-3 text-sm">
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Campaign</dt>
            <dd className="min-w-0 truncate font-medium" title={draft.campaignName.trim() || undefined}>
              {draft.campaignName.trim() || "Unnamed"}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Sender emails</dt>
            <dd className="font-medium" data-testid="bulk-sender-count">
              {draft.senders.length}
            </dd>
          </div>
          <div className="flex justify-between gap-3">
            <dt className="text-muted-foreground">Contacts</dt>
            <dd className="font-medium" data-testid="bulk-contact-count">
              {contacts.toLocaleString("en-US")}
            </dd>
          </div>
          {mode && (
            <div className="flex justify-between gap-3">
              <dt className="text-muted-foreground">Sends through</dt>
              <dd className="min-w-0 truncate font-medium">
                {mode === "webhook" ? (webhookHost ?? "Webhook") : "Coldreach"}
              </dd>
            </div>
          )}
        </dl>
        {error && (
          <p role="alert" className="font-medium text-destructive text-sm">
            {error}
          </p>
        )}
        <Button className="w-full" size="lg" onClick={onSend} disabled={sending || !canSend} aria-busy={sending}>
          {sending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          {sending ? "Sending..." : "Send Bulk Emails"}
        </Button>
      </CardContent>
    </Card>
  );
}
