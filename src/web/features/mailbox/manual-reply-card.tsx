// Reply Tracker → Manual Reply Tracking (docs/product.md §7.1): a contact
// email and a campaign ID, 'Mark as Replied' and 'Test Reply Tracking'. Both
// need both fields ('Missing Information'); the campaign ID field suggests the
// user's campaigns by name. Test Reply Tracking sends a real reply into the
// sender's mailbox and reports whether the mailbox sync picked it up; its
// answer is shown here (the original only logged it).
import { CheckCircle2, FlaskConical, MessageSquareReply, XCircle } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { markRepliedError, replyTrackerText as text } from "#shared/mailbox/mailbox.schemas.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useCampaignList } from "../campaigns/use-campaigns.ts";
import { resultFailed, resultMessage, useTestReplyTracking } from "./mailbox-actions.ts";
import { useMarkReplied } from "./use-mailbox.ts";

type Outcome = { ok: boolean; title: string; message: string };

export const testText = {
  sentDetail: "The test reply was sent to the sender's mailbox. It shows here once the mailbox sync picks it up.",
} as const;

/** Marks a contact as replied and says so in the spec's words. Shared by the card and the list rows. */
export function useMarkRepliedAction() {
  const mark = useMarkReplied();
  async function run(input: { contactEmail: string; campaignId: string; note?: string }): Promise<boolean> {
    try {
      const result = await mark.mutateAsync(input);
      toast.success(text.marked(result.contactEmail), {
        description: result.alreadyReplied ? "This contact had already replied; nothing changed." : undefined,
      });
      return true;
    } catch (err) {
      console.warn("mark as replied failed", err);
      toast.error(text.errorTitle, { description: text.markFailed(err instanceof Error ? err.message : null) });
      return false;
    }
  }
  return { run, pending: mark.isPending, variables: mark.variables };
}

export function ManualReplyCard() {
  const titleId = useId();
  const [contactEmail, setContactEmail] = useState("");
  const [campaignId, setCampaignId] = useState("");
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const campaigns = useCampaignList();
  const mark = useMarkRepliedAction();
  const test = useTestReplyTracking();

  /** The fields, or null after saying what is missing. */
  function checked() {
    const problem = markRepliedError({ contactEmail, campaignId });
    setError(problem);
    if (!problem) return { contactEmail: contactEmail.trim(), campaignId: campaignId.trim() };
    if (problem === text.missing) toast.error(text.missingTitle, { description: text.missing });
    else toast.error(problem);
    return null;
  }

  async function onMark(event: FormEvent) {
    event.preventDefault();
    const fields = checked();
    if (!fields) return;
    setOutcome(null);
    if (await mark.run({ ...fields, ...(note.trim() ? { note: note.trim() } : {}) })) {
      setContactEmail("");
      setNote("");
    }
  }

  async function onTest() {
    const fields = checked();
    if (!fields) return;
    setOutcome(null);
    try {
      const result = await test.mutateAsync(fields);
      const message = resultMessage(result);
      if (resultFailed(result)) {
        setOutcome({ ok: false, title: text.testFailedTitle, message: text.testFailed(message) });
        toast.error(text.testFailedTitle, { description: text.testFailed(message) });
      } else {
        setOutcome({ ok: true, title: text.testCompleteTitle, message: message ?? testText.sentDetail });
        toast.success(text.testCompleteTitle, { description: message ?? testText.sentDetail });
      }
    } catch (err) {
      console.warn("test reply tracking failed", err);
      // The server refused it (no such contact, no mailbox…): its reason. Anything else: the run failed.
      if (err instanceof ApiError && err.status < 500) {
        setOutcome({ ok: false, title: text.testFailedTitle, message: text.testFailed(err.message) });
        toast.error(text.testFailedTitle, { description: text.testFailed(err.message) });
      } else {
        setOutcome({ ok: false, title: text.testErrorTitle, message: text.testError });
        toast.error(text.testErrorTitle, { description: text.testError });
      }
    }
  }

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <MessageSquareReply className="size-4 text-primary" aria-hidden />
          <h2 id={titleId}>Manual Reply Tracking</h2>
        </CardTitle>
        <CardDescription>
          Mark a contact as replied when the answer came another way (a call, another address). Their remaining
          follow-ups stop.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onMark} noValidate className="space-y-4">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="manual-reply-email" label="Contact email">
              <Input
                id="manual-reply-email"
                type="email"
                placeholder="prospect@company.com"
                value={contactEmail}
                aria-invalid={error !== null && !contactEmail.trim() ? true : undefined}
                onChange={(e) => {
                  setContactEmail(e.target.value);
                  setError(null);
                }}
              />
            </FormField>
            <FormField id="manual-reply-campaign" label="Campaign ID" hint="Pick a campaign, or paste its ID">
              <Input
                id="manual-reply-campaign"
                list="manual-reply-campaigns"
                placeholder="e.g. 3f2a9c1e-…"
                autoComplete="off"
                value={campaignId}
                aria-invalid={error !== null && !campaignId.trim() ? true : undefined}
                onChange={(e) => {
                  setCampaignId(e.target.value);
                  setError(null);
                }}
              />
              <datalist id="manual-reply-campaigns">
                {(campaigns.data?.campaigns ?? []).map((c) => (
                  <option key={c.id} value={c.id} label={c.name} />
                ))}
              </datalist>
            </FormField>
          </div>
          <FormField id="manual-reply-note" label="Note (optional)" hint="Kept as the reply's text">
            <Input id="manual-reply-note" value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
          </FormField>
          {error && (
            <p role="alert" className="text-destructive text-sm">
              {error === text.missing ? `${text.missingTitle}: ${error}` : error}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={mark.pending}>
              <CheckCircle2 aria-hidden /> {mark.pending ? "Marking..." : "Mark as Replied"}
            </Button>
            <Button type="button" variant="outline" onClick={() => void onTest()} disabled={test.isPending}>
              <FlaskConical aria-hidden /> {test.isPending ? "Testing..." : "Test Reply Tracking"}
            </Button>
          </div>
          {outcome && (
            <p
              role={outcome.ok ? "status" : "alert"}
              className={
                outcome.ok
                  ? "flex items-start gap-2 text-sm text-success"
                  : "flex items-start gap-2 text-destructive text-sm"
              }
            >
              {outcome.ok ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              ) : (
                <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              )}
              <span>
                <span className="font-medium">{outcome.title}:</span> {outcome.message}
              </span>
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}
