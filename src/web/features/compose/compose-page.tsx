import { format } from "date-fns";
import { ArrowLeft, CornerDownRight, Eraser, Send } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import {
  type ComposeFields,
  type ComposeInput,
  type ComposeProblem,
  composeProblem,
} from "#shared/compose/compose.schemas.ts";
import { answerToReply } from "#shared/inbox/compose-prefill.ts";
import { FormField } from "#web/components/form-field.tsx";
import { PageHeader } from "#web/components/page-header.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent } from "#web/components/ui/card.tsx";
import { Checkbox } from "#web/components/ui/checkbox.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { ApiError } from "#web/lib/api-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useReply } from "../mailbox/use-mailbox.ts";
import { useSendersQuery } from "../senders/use-senders.ts";
import { useSendsDirect } from "./use-send-direct.ts";

const empty: ComposeFields = { from: "", to: "", subject: "", message: "" };

type Threading = Pick<ComposeInput, "inReplyTo" | "references">;

/**
 * Compose Email (docs/product.md §14.2). Prefilled from the query string, so the
 * Inbox's Reply and New Email buttons can open it with the right fields; with
 * ?reply=<id> it answers that received reply: to its sender, from the mailbox
 * it came to, quoted, and in its thread (In-Reply-To / References).
 */
export function ComposePage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const senders = useSendersQuery();
  const send = useSendsDirect();
  const replyId = params.get("reply");
  const answered = useReply(replyId);
  const [fields, setFields] = useState<ComposeFields>(() => ({
    from: params.get("from") ?? "",
    to: params.get("to") ?? "",
    subject: params.get("subject") ?? "",
    message: "",
  }));
  const [threading, setThreading] = useState<Threading>({});
  const [error, setError] = useState<ComposeProblem | null>(null);
  const [plainText, setPlainText] = useState(false);
  // The problem shows at its field, and the field points at it (FormField's `${id}-error`).
  const fieldError = (field: keyof ComposeFields) => (error?.field === field ? error.message : undefined);
  const invalid = (field: keyof ComposeFields) =>
    error?.field === field ? { "aria-invalid": true, "aria-describedby": `compose-${field}-error` } : {};
  const set = (patch: Partial<ComposeFields>) => {
    setFields((f) => ({ ...f, ...patch }));
    setError(null);
  };

  // The answered reply, once loaded, fills the form (once: what the user types stays).
  const reply = answered.data;
  useEffect(() => {
    if (!reply) return;
    const when = format(new Date(reply.repliedAt), "EEE, MMM d, yyyy 'at' HH:mm");
    const { inReplyTo, references, ...prefill } = answerToReply(reply, `On ${when}, ${reply.contactEmail} wrote:`);
    setFields(prefill);
    setThreading({ inReplyTo, references });
  }, [reply]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = composeProblem(fields);
    if (problem) {
      setError(problem);
      toast.error(problem.message);
      return;
    }
    try {
      const result = await send.mutateAsync({ ...fields, ...threading, ...(plainText ? { plainText } : {}) });
      if (result.status === "sent") {
        toast.success("Email sent successfully!");
        setFields(empty);
        setThreading({});
      } else {
        toast.error(result.error ?? "Failed to send email");
      }
    } catch (err) {
      console.warn("direct send failed", err);
      // A refusal about one field (a recipient on the block list) shows at that field too.
      const refused = err instanceof ApiError ? Object.entries(err.fieldErrors)[0] : undefined;
      if (refused && refused[0] in empty) setError({ field: refused[0] as keyof ComposeFields, message: refused[1] });
      toast.error(err instanceof Error ? err.message : "Failed to send email");
    }
  }

  return (
    <>
      <Button variant="ghost" asChild className="-ml-3 mb-2">
        <Link to="/inbox">
          <ArrowLeft aria-hidden /> Back to Inbox
        </Link>
      </Button>
      <PageHeader title="Compose Email" subtitle="Send a single email from one of your addresses" />
      <Card>
        <CardContent className="pt-6">
          {replyId && answered.isPending && <Spinner label="Loading the reply..." className="mb-4" />}
          {replyId && answered.isError && (
            <p role="alert" className="mb-4 text-destructive text-sm">
              The reply could not be loaded: {answered.error.message}
            </p>
          )}
          {reply && (threading.inReplyTo || threading.references) && (
            <p className="mb-4 flex items-center gap-2 text-muted-foreground text-sm">
              <CornerDownRight aria-hidden className="size-4" /> Answering {reply.contactEmail}
              {threading.inReplyTo ? " in the same thread" : ""}
            </p>
          )}
          <form onSubmit={onSubmit} noValidate className="space-y-5">
            <FormField id="compose-from" label="From" error={fieldError("from")}>
              <Input
                id="compose-from"
                {...invalid("from")}
                type="email"
                list="compose-from-senders"
                placeholder="you@yourcompany.com"
                value={fields.from}
                onChange={(e) => set({ from: e.target.value })}
              />
              <datalist id="compose-from-senders">
                {(senders.data ?? []).map((s) => (
                  <option key={s.id} value={s.email} />
                ))}
              </datalist>
            </FormField>
            <FormField id="compose-to" label="To" error={fieldError("to")}>
              <Input
                id="compose-to"
                {...invalid("to")}
                type="email"
                placeholder="recipient@example.com"
                value={fields.to}
                onChange={(e) => set({ to: e.target.value })}
              />
            </FormField>
            <FormField id="compose-subject" label="Subject" error={fieldError("subject")}>
              <Input
                id="compose-subject"
                {...invalid("subject")}
                value={fields.subject}
                onChange={(e) => set({ subject: e.target.value })}
              />
            </FormField>
            <FormField id="compose-message" label="Message" error={fieldError("message")}>
              <Textarea
                id="compose-message"
                {...invalid("message")}
                rows={10}
                value={fields.message}
                onChange={(e) => set({ message: e.target.value })}
              />
            </FormField>
            <div className="flex items-start gap-2">
              <Checkbox
                id="compose-plain-text"
                checked={plainText}
                onCheckedChange={(checked) => setPlainText(checked === true)}
              />
              <div className="space-y-1">
                <Label htmlFor="compose-plain-text">Plain text</Label>
                <p className="text-muted-foreground text-xs">
                  Send the text alone, with no HTML part (and so no open-tracking pixel).
                </p>
              </div>
            </div>
            <div className="flex flex-wrap justify-end gap-2">
              <Button
                type="button"
                variant="outline"
                onClick={() => {
                  setFields(empty);
                  setThreading({});
                }}
              >
                <Eraser aria-hidden /> Clear
              </Button>
              <Button type="button" variant="outline" onClick={() => navigate("/inbox")}>
                Cancel
              </Button>
              <Button type="submit" disabled={send.isPending}>
                <Send aria-hidden /> {send.isPending ? "Sending..." : "Send"}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </>
  );
}
