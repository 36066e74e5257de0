// Bulk verify (docs/product.md §13): one address per line, at most 100.
import { ListChecksIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import { parseBulkEmails } from "#shared/verification/bulk-input.ts";
import { BULK_VERIFY_LIMIT } from "#shared/verification/verification.schemas.ts";
import { verificationMessages } from "#shared/verification/verification-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { Textarea } from "#web/components/ui/textarea.tsx";
import { toast } from "#web/lib/toast.ts";
import { useVerifyBulk } from "./use-verification.ts";

export function BulkVerifyCard() {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(0);
  const [done, setDone] = useState<string | null>(null);
  const verify = useVerifyBulk();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    const parsed = parseBulkEmails(text);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    setRunning(parsed.emails.length);
    try {
      const { results } = await verify.mutateAsync(parsed.emails);
      const message = verificationMessages.verified(results.length);
      setDone(message);
      toast.success(message);
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : verificationMessages.bulkError);
      toast.error(verificationMessages.bulkError);
    } finally {
      setRunning(0);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Bulk Verify</h2>
        </CardTitle>
        <CardDescription>One email address per line, up to {BULK_VERIFY_LIMIT} at a time.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Label htmlFor="bulk-emails">Email addresses</Label>
          <Textarea
            id="bulk-emails"
            rows={6}
            placeholder={"alice@company.com\nbob@company.com"}
            value={text}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "bulk-emails-error" : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {error && (
            <p id="bulk-emails-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          {running > 0 && (
            <div className="space-y-2">
              <Spinner label={`Verifying ${running} emails...`} />
              <Progress aria-label="Bulk verification progress" />
            </div>
          )}
          {done && (
            <p role="status" className="text-sm">
              {done}
            </p>
          )}
          <Button type="submit" disabled={verify.isPending}>
            <ListChecksIcon aria-hidden /> Verify All
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
