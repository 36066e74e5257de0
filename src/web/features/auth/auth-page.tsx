import { Inbox, Mail } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link, Navigate } from "react-router";
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
function CredentialsForm({ mode }: { mode: Mode }) {
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
      <FormField id={`${mode}-password`} label="Password" hint={signUp ? "At least 8 characters." : undefined}>
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
                { value: "signin", label: "Sign In", panel: <CredentialsForm key="signin" mode="signin" /> },
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
              Mail is captured on this server, not delivered. Confirmation emails are in the{" "}
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
