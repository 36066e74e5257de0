// CSV import and verify (docs/product.md §13): the server
// stores the file, reads its email column and verifies each address.
import { FileUpIcon } from "lucide-react";
import { type FormEvent, useRef, useState } from "react";
import { verificationMessages } from "#shared/verification/verification-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Label } from "#web/components/ui/label.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { useVerifyCsv } from "./use-verification.ts";

export function CsvVerifyCard() {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const verify = useVerifyCsv();

  function choose(chosen: File | null) {
    setDone(null);
    setFile(null);
    if (!chosen) return;
    if (!chosen.name.toLowerCase().endsWith(".csv")) {
      setError(verificationMessages.uploadCsv);
      return;
    }
    setError(null);
    setFile(chosen);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setError(verificationMessages.uploadCsv);
      return;
    }
    setError(null);
    try {
      const { results } = await verify.mutateAsync(file);
      const message = `${verificationMessages.found(results.length)} · ${verificationMessages.verified(results.length)}`;
      setDone(message);
      toast.success(verificationMessages.verified(results.length));
      setFile(null);
      if (input.current) input.current.value = "";
    } catch (e) {
      setError(e instanceof Error && e.message ? e.message : verificationMessages.csvError);
      toast.error(verificationMessages.csvError);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>CSV Import</h2>
        </CardTitle>
        <CardDescription>Upload a CSV file with an email column; every address in it is verified.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="space-y-3" noValidate>
          <Label htmlFor="verify-csv">CSV file</Label>
          <Input
            id="verify-csv"
            ref={input}
            type="file"
            accept=".csv,text/csv"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "verify-csv-error" : undefined}
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
          />
          {error && (
            <p id="verify-csv-error" role="alert" className="text-destructive text-sm">
              {error}
            </p>
          )}
          {verify.isPending && (
            <div className="space-y-2">
              <Spinner label="Uploading and verifying..." />
              <Progress aria-label="CSV verification progress" />
            </div>
          )}
          {done && (
            <p role="status" className="text-sm">
              {done}
            </p>
          )}
          <Button type="submit" disabled={verify.isPending || !file}>
            <FileUpIcon aria-hidden /> Upload and Verify
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
