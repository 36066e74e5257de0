import { Inbox, Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useSearchParams } from "react-router";
import { accountMessages } from "#shared/account/account-messages.ts";
import { passwordMessages } from "#shared/auth/password-rule.ts";
import { FormField } from "#web/components/form-field.tsx";
import { FullPageSpinner } from "#web/components/full-page-spinner.tsx";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Input } from "#web/components/ui/input.tsx";
import { authClient } from "#web/lib/auth-client.ts";
import { toast } from "#web/lib/toast.ts";
import { useAppInfo } from "../app-info/use-app-info.ts";
import { authErrorMessage } from "./auth-messages.ts";
import { SignInTabs } from "./sign-in-tabs.tsx";
import { useSessionState } from "./use-session-state.ts";

type Mode = "signin" | "signup";

/**
 * The Sign In and Sign Up forms: the same email and password fields, plus an
 * optional full name on sign-up. Both do nothing while email or password is
 * empty, as the spec says.
 */
function CredentialsForm({ mode, onForgot }: { mode: Mode; onForgot?: () => void }) {
  const [fullName, setFullName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const signUp = mode === "signup";

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!email.trim() || !password) return;
    setBusy(true);
    const name = fullName.trim();
    const { error } = signUp
      ? await authClient.signUp.email({
          email: email.trim(),
          password,
          name,
          fullName: name || undefined,
          callbackURL: "/",
        })
      : await authClient.signIn.email({ email: email.trim(), password, callbackURL: "/" });
    setBusy(false);
    if (error) {
      console.warn(`${mode} failed`, error.code ?? error.status);
      toast.error(signUp ? "Signup Error" : "Login Error", { description: authErrorMessage(error) });
      return;
    }
    // After sign-in the session store updates and AuthPage redirects to /.
    if (signUp) {
      toast.success("Check your email", { description: "We sent you a confirmation link to complete your signup." });
      setPassword("");
    }
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      {signUp && (
        <FormField id="signup-name" label="Full Name">
          <Input id="signup-name" autoComplete="name" value={fullName} onChange={(e) => setFullName(e.target.value)} />
        </FormField>
      )}
      <FormField id={`${mode}-email`} label="Email">
        <Input
          id={`${mode}-email`}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </FormField>
      <FormField id={`${mode}-password`} label="Password" hint={signUp ? passwordMessages.hint : undefined}>
        <Input
          id={`${mode}-password`}
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          aria-describedby={signUp ? `${mode}-password-hint` : undefined}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </FormField>
      <Button type="submit" className="w-full" disabled={busy}>
        {signUp ? (busy ? "Creating account..." : "Sign Up") : busy ? "Signing in..." : "Sign In"}
      </Button>
      {!signUp && onForgot && (
        <p className="text-center text-sm">
          <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={onForgot}>
            Forgot password?
          </button>
        </p>
      )}
    </form>
  );
}

/**
 * Forgot password: asks for the address and always gives the same answer,
 * whether or not it has an account (the server answers the same too).
 */
function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!address || !/^[^\s@]+@[^\s@]+$/.test(address)) {
      setError("Enter your email address.");
      return;
    }
    setError(undefined);
    setBusy(true);
    const result = await authClient.requestPasswordReset({ email: address });
    setBusy(false);
    if (result.error) {
      console.warn("password reset request failed", result.error.code ?? result.error.status);
      toast.error("Password Reset Error", { description: authErrorMessage(result.error) });
      return;
    }
    setSent(true);
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-labelledby="forgot-title">
      <h2 id="forgot-title" className="font-semibold text-lg">
        Reset your password
      </h2>
      {sent ? (
        <p role="status" className="text-sm">
          {accountMessages.resetRequested}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm">
            Enter the email address of your account and we will send you a link to choose a new password.
          </p>
          <FormField id="forgot-email" label="Email" error={error}>
            <Input
              id="forgot-email"
              type="email"
              autoComplete="email"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "forgot-email-error" : undefined}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </FormField>
          <Button type="submit" className="w-full" disabled={busy}>
            {busy ? "Sending..." : "Send reset link"}
          </Button>
        </>
      )}
      <p className="text-center text-sm">
        <button type="button" className="font-medium text-primary underline underline-offset-4" onClick={onBack}>
          Back to sign in
        </button>
      </p>
    </form>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className="size-4">
      <path
        fill="#4285F4"
        d="M23.5 12.3c0-.8-.1-1.6-.2-2.3H12v4.5h6.5a5.6 5.6 0 0 1-2.4 3.6v3h3.9c2.3-2.1 3.5-5.2 3.5-8.8z"
      />
      <path
        fill="#34A853"
        d="M12 24c3.2 0 6-1.1 8-2.9l-3.9-3c-1.1.7-2.5 1.2-4.1 1.2-3.1 0-5.8-2.1-6.7-5H1.3v3.1A12 12 0 0 0 12 24z"
      />
      <path fill="#FBBC05" d="M5.3 14.3a7.2 7.2 0 0 1 0-4.6V6.6H1.3a12 12 0 0 0 0 10.8l4-3.1z" />
      <path fill="#EA4335" d="M12 4.8c1.8 0 3.3.6 4.6 1.8l3.4-3.4A12 12 0 0 0 1.3 6.6l4 3.1c.9-2.8 3.6-4.9 6.7-4.9z" />
    </svg>
  );
}

function GoogleButton({ enabled }: { enabled: boolean }) {
  const [busy, setBusy] = useState(false);
  async function onClick() {
    setBusy(true);
    const { error } = await authClient.signIn.social({ provider: "google", callbackURL: "/" });
    setBusy(false);
    if (error) {
      console.warn("google sign-in failed", error.code ?? error.status);
      toast.error("Google Login Error", { description: authErrorMessage(error) });
    }
  }
  return (
    <div className="space-y-2">
      <Button
        type="button"
        variant="outline"
        className="w-full"
        onClick={onClick}
        disabled={!enabled || busy}
        aria-describedby={enabled ? undefined : "google-disabled-hint"}
      >
        <GoogleLogo /> Continue with Google
      </Button>
      {!enabled && (
        <p id="google-disabled-hint" className="text-center text-muted-foreground text-xs">
          Google sign-in is not configured on this server. Set GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET to enable it.
        </p>
      )}
    </div>
  );
}

export function AuthPage() {
  const session = useSessionState();
  const appInfo = useAppInfo();
  // /auth?forgot=1 (the reset page's "Ask for a new link") opens the forgot-password form.
  const [params] = useSearchParams();
  const [forgot, setForgot] = useState(params.get("forgot") === "1");

  // Right after Sign Out the old session is still in the store while it is read
  // again: wait for that answer rather than sending the user back into the app.
  if (session.status === "loading" || (session.status === "signed-in" && session.refetching)) {
    return <FullPageSpinner label="Restoring session..." />;
  }
  if (session.status === "signed-in") return <Navigate to="/" replace />;

  return (
    <main className="flex min-h-screen items-center justify-center bg-muted/40 p-4">
      <div className="w-full max-w-md space-y-4">
        <h1 className="flex items-center justify-center gap-2 font-semibold text-2xl">
          <Mail className="size-7 text-primary" aria-hidden /> Coldreach
        </h1>
        <Card>
          <CardHeader>
            <CardTitle>Welcome</CardTitle>
            <CardDescription>Sign in to run your cold email campaigns, or create an account.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <SignInTabs
              initial="signin"
              tabs={[
                {
                  value: "signin",
                  label: "Sign In",
                  panel: forgot ? (
                    <ForgotPasswordForm key="forgot" onBack={() => setForgot(false)} />
                  ) : (
                    <CredentialsForm key="signin" mode="signin" onForgot={() => setForgot(true)} />
                  ),
                },
                { value: "signup", label: "Sign Up", panel: <CredentialsForm key="signup" mode="signup" /> },
              ]}
            />
            <div className="flex items-center gap-3 text-muted-foreground text-xs">
              <span aria-hidden className="h-px flex-1 bg-border" /> or{" "}
              <span aria-hidden className="h-px flex-1 bg-border" />
            </div>
            <GoogleButton enabled={appInfo.data?.googleSignIn ?? false} />
          </CardContent>
        </Card>
        {appInfo.data?.mailDelivery === "capture" && (
          <p className="text-center text-muted-foreground text-sm">
            <Inbox className="mr-1.5 inline size-4 align-[-0.125em]" aria-hidden />
            <span>
              Mail is captured on this server, not delivered. Confirmation and password reset emails are in the{" "}
              <Link to="/outbox" className="font-medium text-primary underline underline-offset-4">
                local outbox
              </Link>
              .
            </span>
          </p>
        )}
      </div>
    </main>
  );
}
