// Single verify (docs/product.md §13): one address, its verdict, flags and
// a suggested correction the user can apply and check in one click.
import { MailCheckIcon } from "lucide-react";
import { type FormEvent, useState } from "react";
import type { Verification } from "#shared/verification/verification.schemas.ts";
import { verificationMessages } from "#shared/verification/verification-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { useVerifyOne } from "./use-verification.ts";
import { FlagBadges, VerdictBadge } from "./verdict-badge.tsx";

export function SingleVerifyCard() {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Verification | null>(null);
  const verify = useVerifyOne();

  async function run(address: string) {
    const trimmed = address.trim();
    setResult(null);
    if (!trimmed) {
      setError(verificationMessages.enterEmail);
      return;
    }
    setError(null);
    try {
      const verification = await verify.mutateAsync(trimmed);
      setResult(verification);
      toast.success(verificationMessages.verifiedResult(verification.result));
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : verificationMessages.verifyFailed);
      toast.error(verificationMessages.verifyFailed);
    }
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(email);
  };

  const applySuggestion = (suggestion: string) => {
    setEmail(suggestion);
    void run(suggestion);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Verify an Email</h2>
        </CardTitle>
        <CardDescription>Check one address before you send to it.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="space-y-2" noValidate>
          <Label htmlFor="verify-email">Email address</Label>
          <div className="flex gap-2">
            <Input
              id="verify-email"
              type="email"
              placeholder="name@company.com"
              value={email}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "verify-email-error" : undefined}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" disabled={verify.isPending}>
              <MailCheckIcon aria-hidden /> Verify
            </Button>
          </div>
        </form>
        {verify.isPending && <Spinner label="Verifying..." />}
        {error && (
          <p id="verify-email-error" role="alert" className="text-destructive text-sm">
            {error}
          </p>
        )}
        {result && <ResultCard result={result} onApply={applySuggestion} />}
      </CardContent>
    </Card>
  );
}

function ResultCard({ result, onApply }: { result: Verification; onApply: (email: string) => void }) {
  return (
    <section role="status" aria-label="Verification result" className="space-y-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="break-all font-medium">{result.email}</p>
        <VerdictBadge result={result.result} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm">
        <div>
          <dt className="text-muted-foreground">Valid</dt>
          <dd>{result.isValid ? "Yes" : "No"}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Deliverable</dt>
          <dd>{result.isDeliverable ? "Yes" : "No"}</dd>
        </div>
      </dl>
      <FlagBadges flags={result.flags} />
      {result.suggestedCorrection && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span>Did you mean {result.suggestedCorrection}?</span>
          <Button size="sm" variant="outline" onClick={() => onApply(result.suggestedCorrection ?? "")}>
            Use {result.suggestedCorrection}
          </Button>
        </div>
      )}
    </section>
  );
}
