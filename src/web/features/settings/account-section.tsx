// Settings › Account: change password (the server ends every other session;
// this one carries on with the new cookie it is given) and the signed-in
// sessions, with 'Sign out' on each other one and 'Sign out everywhere else'.
// Its own forms, beside the settings form (which saves other things).
import { useQueryClient } from "@tanstack/react-query";
import { RefreshCw } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import type { AccountSession } from "#shared/account/account.schemas.ts";
import { accountMessages } from "#shared/account/account-messages.ts";
import { passwordMessages, passwordProblem } from "#shared/auth/password-rule.ts";
import { FormField } from "#web/components/form-field.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { formatDayTime } from "#web/lib/date-format.ts";
import { toast } from "#web/lib/toast.ts";
import { authErrorMessage } from "../auth/auth-messages.ts";
import {
  accountSessionsQueryKey,
  useAccountSessions,
  useRevokeOtherSessions,
  useRevokeSession,
} from "./use-account-sessions.ts";

type PasswordErrors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

function PasswordInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  autoComplete: string;
}) {
  const { id, label, value, onChange, error, hint, autoComplete } = props;
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <FormField id={id} label={label} error={error} {...(hint ? { hint } : {})}>
      <Input
        id={id}
        type="password"
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [confirmPassword, setConfirmPassword] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const problem = passwordProblem(newPassword);
    const next: PasswordErrors = {
      ...(!currentPassword ? { currentPassword: accountMessages.currentPasswordRequired } : {}),
      ...(problem ? { newPassword: problem } : {}),
      ...(!problem && confirmPassword !== newPassword ? { confirmPassword: passwordMessages.mismatch } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    setBusy(true);
    const { error } = await authClient.changePassword({ currentPassword, newPassword });
    setBusy(false);
    if (error) {
      console.warn("change password failed", error.code ?? error.status);
      if (error.code === "INVALID_PASSWORD") setErrors({ currentPassword: accountMessages.currentPasswordWrong });
      else if (error.code === "PASSWORD_TOO_SHORT") setErrors({ newPassword: passwordMessages.tooShort });
      else if (error.code === "PASSWORD_TOO_LONG") setErrors({ newPassword: passwordMessages.tooLong });
      else toast.error("Failed to change password", { description: authErrorMessage(error) });
      return;
    }
    setCurrentPassword("");
    setNewPassword("");
    setConfirmPassword("");
    toast.success(accountMessages.passwordChanged);
    void queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey });
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="change-password-title">
      <h3 id="change-password-title" className="font-medium">
        Change password
      </h3>
      <PasswordInput
        id="account-current-password"
        label="Current password"
        autoComplete="current-password"
        value={currentPassword}
        onChange={setCurrentPassword}
        error={errors.currentPassword}
      />
      <PasswordInput
        id="account-new-password"
        label="New password"
        autoComplete="new-password"
        hint={passwordMessages.hint}
        value={newPassword}
        onChange={setNewPassword}
        error={errors.newPassword}
      />
      <PasswordInput
        id="account-confirm-password"
        label="Confirm new password"
        autoComplete="new-password"
        value={confirmPassword}
        onChange={setConfirmPassword}
        error={errors.confirmPassword}
      />
      <p className="text-muted-foreground text-xs">Your other sessions are signed out when you change it.</p>
      <Button type="submit" disabled={busy}>
        {busy ? "Changing..." : "Change password"}
      </Button>
    </form>
  );
}

function SessionRow({ session }: { session: AccountSession }) {
  const revoke = useRevokeSession();
  const lastSeen = formatDayTime(new Date(session.lastSeenAt));
  async function signOut() {
    try {
      await revoke.mutateAsync(session.id);
      toast.success(accountMessages.sessionSignedOut);
    } catch (err) {
      console.warn("sign out of a session failed", err);
      toast.error("Failed to sign out the session", { description: err instanceof Error ? err.message : undefined });
    }
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" aria-label={session.device}>
      <div className="space-y-0.5">
        <p className="font-medium text-sm">
          {session.device}
          {session.current && (
            <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 font-medium text-primary text-xs">
              This device
            </span>
          )}
        </p>
        <p className="text-muted-foreground text-xs">
          {session.ipAddress ?? "Address unknown"} · Last seen {lastSeen}
        </p>
      </div>
      {!session.current && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={revoke.isPending}
          aria-label={`Sign out ${session.device}, last seen ${lastSeen}`}
          onClick={() => void signOut()}
        >
          {revoke.isPending ? "Signing out..." : "Sign out"}
        </Button>
      )}
    </li>
  );
}

function SessionList() {
  const query = useAccountSessions();
  const revokeOthers = useRevokeOtherSessions();
  const sessions = query.data?.sessions ?? [];
  const others = sessions.filter((s) => !s.current).length;

  async function signOutOthers() {
    try {
      const { signedOut } = await revokeOthers.mutateAsync();
      toast.success(accountMessages.othersSignedOut, {
        description: signedOut === 1 ? "1 session was signed out." : `${signedOut} sessions were signed out.`,
      });
    } catch (err) {
      console.warn("sign out everywhere else failed", err);
      toast.error("Failed to sign out the other sessions", {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  }

  return (
    <section aria-labelledby="sessions-title" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="sessions-title" className="font-medium">
          Signed-in sessions
        </h3>
        {others > 0 && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={revokeOthers.isPending}
            onClick={() => void signOutOthers()}
          >
            {revokeOthers.isPending ? "Signing out..." : "Sign out everywhere else"}
          </Button>
        )}
      </div>
      {query.isPending && <Spinner label="Loading sessions..." />}
      {query.isError && (
        <div role="alert" className="space-y-2">
          <p className="text-destructive text-sm">Failed to load your sessions.</p>
          <Button type="button" variant="outline" size="sm" onClick={() => void query.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </div>
      )}
      {query.data && (
        <>
          <ul aria-label="Signed-in sessions" className="divide-y">
            {sessions.map((s) => (
              <SessionRow key={s.id} session={s} />
            ))}
          </ul>
          {others === 0 && <p className="text-muted-foreground text-sm">You are not signed in anywhere else.</p>}
        </>
      )}
    </section>
  );
}

export function AccountSection() {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="region">
      <CardHeader>
        <CardTitle id={headingId}>
          <h2>Account</h2>
        </CardTitle>
        <CardDescription>Your password and where you are signed in.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-8">
        <ChangePasswordForm />
        <SessionList />
      </CardContent>
    </Card>
  );
}
