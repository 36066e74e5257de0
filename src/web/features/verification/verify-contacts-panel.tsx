// "Verify contacts" before launch (wizard Detect Emails, edit Contacts tab):
// the contacts' addresses go through the bulk route 100 at a time; invalid and
// disposable ones are listed with a text badge and can be removed in one click.
import { MailCheckIcon, Trash2Icon } from "lucide-react";
import { useState } from "react";
import { isUnsendable, verifyInChunks } from "#shared/verification/bulk-input.ts";
import type { Verification } from "#shared/verification/verification.schemas.ts";
import { verificationMessages } from "#shared/verification/verification-messages.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Progress } from "#web/components/ui/progress.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { useVerifyBulk } from "./use-verification.ts";
import { VerdictBadge } from "./verdict-badge.tsx";

export type VerifiedContacts = Map<string, Verification>;

/** The verified contacts that should not be sent to. */
export const unsendable = (verified: VerifiedContacts) => [...verified.values()].filter((v) => isUnsendable(v.result));

export function useVerifyContacts() {
  const bulk = useVerifyBulk();
  const [progress, setProgress] = useState<{ reached: number; total: number } | null>(null);
  const [verified, setVerified] = useState<VerifiedContacts | null>(null);

  async function run(load: () => string[] | Promise<string[]>) {
    let emails: string[];
    try {
      emails = await load();
    } catch (e) {
      toast.error(verificationMessages.bulkError, {
        description: e instanceof Error ? e.message : undefined,
      });
      return;
    }
    if (emails.length === 0) {
      toast.error(verificationMessages.noEmails);
      return;
    }
    setVerified(null);
    try {
      const results = await verifyInChunks(
        emails,
        (batch) => bulk.mutateAsync(batch),
        (reached, total) => setProgress({ reached, total }),
      );
      setVerified(results);
      toast.success(verificationMessages.verified(results.size));
    } catch (e) {
      toast.error(verificationMessages.bulkError, {
        description: e instanceof Error ? e.message : undefined,
      });
    } finally {
      setProgress(null);
    }
  }

  /** Forget removed addresses, so the list and the count follow the removal. */
  const forget = (emails: string[]) =>
    setVerified((current) => {
      if (!current) return current;
      const next = new Map(current);
      for (const email of emails) next.delete(email.toLowerCase());
      return next;
    });

  return { run, progress, verified, forget };
}

export function VerifyContactsPanel(props: {
  state: ReturnType<typeof useVerifyContacts>;
  /** The contacts' addresses, read when the user asks (the edit page loads them from the server). */
  emails: () => string[] | Promise<string[]>;
  /** Removes these addresses from the contact list; throws when it could not. */
  onRemove: (emails: string[]) => Promise<void> | void;
}) {
  const { state, emails, onRemove } = props;
  const { progress, verified } = state;
  const [removing, setRemoving] = useState(false);
  const bad = verified ? unsendable(verified) : [];

  async function remove() {
    const addresses = bad.map((v) => v.email);
    setRemoving(true);
    try {
      await onRemove(addresses);
      state.forget(addresses);
    } finally {
      setRemoving(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Verify Contacts</h2>
        </CardTitle>
        <CardDescription>
          Check every address before launch; invalid and disposable ones are marked so you can remove them.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <Button variant="outline" onClick={() => void state.run(emails)} disabled={progress !== null || removing}>
          <MailCheckIcon aria-hidden /> Verify contacts
        </Button>
        {progress && (
          <div className="space-y-2">
            <Spinner label={`Verifying ${progress.reached} of ${progress.total}…`} />
            <Progress
              aria-label="Contact verification progress"
              value={Math.round((progress.reached / progress.total) * 100)}
            />
          </div>
        )}
        {verified && (
          <div role="status" className="space-y-3">
            <p className="text-sm">
              {bad.length === 0
                ? `All ${verified.size} verified contacts can be sent to.`
                : `${bad.length} of ${verified.size} verified contacts are invalid or disposable.`}
            </p>
            {bad.length > 0 && (
              <>
                <ul aria-label="Invalid contacts" className="divide-y rounded-lg border">
                  {bad.map((v) => (
                    <li key={v.id} className="flex items-center justify-between gap-3 p-2 text-sm">
                      <span className="truncate">{v.email}</span>
                      <VerdictBadge result={v.result} />
                    </li>
                  ))}
                </ul>
                <Button variant="destructive" onClick={() => void remove()} disabled={removing}>
                  <Trash2Icon aria-hidden /> Remove {bad.length} invalid {bad.length === 1 ? "contact" : "contacts"}
                </Button>
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
