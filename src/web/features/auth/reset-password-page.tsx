// /reset-password: where the mailed link lands (better-auth checked its token
// on the way: ?token=…, or ?error=INVALID_TOKEN when it expired or was used).
// The new password follows sign-up's rule; afterwards every session of the
// account has ended and the user signs in with the new password.
import { Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { accountMessages } from "#shared/account/account-messages.ts";
import { passwordMessages, passwordProblem } from "#shared/auth/password-rule.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { authErrorMessage } from "./auth-messages.ts";

type Errors = { newPassword?: string; confirmPassword?: string; form?: string };

const linkClass = "font-medium text-primary underline underline-offset-4";

function InvalidLink() {
  return (
    <div role="alert" className="space-y-3">
      <p>{accountMessages.resetLinkInvalid}</p>
      <p>
        <Link to="/auth?forgot=1" className={linkClass}>
          Ask for a new link
        </Link>
      </p>
    </div>
  );
}

function NewPasswordForm({ token, onInvalid, onDone }: { token: string; onInvalid: () => void; onDone: () => void }) {
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordProblem(newPassword);
    const next: Errors = {
      ...(problem ? { newPassword: problem } : {}),
      ...(!problem && confirmPassword !== newPassword ? { confirmPassword: passwordMessages.mismatch } : {}),
    };
    setErrors(next);
    if (next.newPassword || next.confirmPassword) return;
    setBusy(true);
    const { error } = await authClient.resetPassword({ token, newPassword });
    setBusy(false);
    if (!error) return onDone();
    console.warn("password reset failed", error.code ?? error.status);
    if (error.code === "INVALID_TOKEN") return onInvalid();
    if (error.code === "PASSWORD_TOO_SHORT") return setErrors({ newPassword: passwordMessages.tooShort });
    if (error.code === "PASSWORD_TOO_LONG") return setErrors({ newPassword: passwordMessages.tooLong });
    setErrors({ form: authErrorMessage(error) });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <FormField id="reset-new-password" label="New password" hint={passwordMessages.hint} error={errors.newPassword}>
        <Input
          id="reset-new-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.newPassword ? true : undefined}
          aria-describedby={errors.newPassword ? "reset-new-password-error" : "reset-new-password-hint"}
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
        />
      </FormField>
      <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword}>
        <Input
          id="reset-confirm-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={errors.confirmPassword ? true : undefined}
          aria-describedby={errors.confirmPassword ? "reset-confirm-password-error" : undefined}
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
      </FormField>
      {errors.form && (
        <p role="alert" className="font-medium text-destructive text-sm">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? "Saving..." : "Set new password"}
      </Button>
    </form>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<"form" | "invalid" | "done">(!token || params.get("error") ? "invalid" : "form");

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md space-y-4">
        <p className="flex items-center justify-center gap-2 font-semibold text-2xl">
          <Mail className="size-7 text-primary" aria-hidden /> Coldreach
        </p>
        <Card>
          <CardHeader>
            <CardTitle>
              <h1>Choose a new password</h1>
            </CardTitle>
            <CardDescription>Every session of your account is signed out when you set it.</CardDescription>
          </CardHeader>
          <CardContent>
            {state === "invalid" && <InvalidLink />}
            {state === "form" && (
              <NewPasswordForm token={token} onInvalid={() => setState("invalid")} onDone={() => setState("done")} />
            )}
            {state === "done" && (
              <div role="status" className="space-y-3">
                <p>{accountMessages.resetDone}</p>
                <p>
                  <Link to="/auth" className={linkClass}>
                    Sign in
                  </Link>
                </p>
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
