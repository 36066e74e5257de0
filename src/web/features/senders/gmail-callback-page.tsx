// /gmail-callback (docs/product.md §17.4): where Google sends the
// browser back after the consent screen. Loading while the code is exchanged
// for the sender's refresh token, then success or the error in the spec's
// words, with 'Go to Settings' and 'Close Window'. The page is open, but the
// exchange needs the session that asked for the consent.
import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { GMAIL_CALLBACK_PATH, gmailSyncMessages as messages } from "#shared/senders/gmail-sync.schemas.ts";
import { Button } from "#web/components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "#web/components/ui/card.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";
import { toast } from "#web/lib/toast.ts";
import { exchangeErrorMessage, readCallback } from "./gmail-callback.ts";
import { useGmailTokenExchange } from "./use-gmail-sync.ts";

type Outcome = { status: "loading" } | { status: "success"; email: string } | { status: "error"; message: string };

export function GmailCallbackPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const exchange = useGmailTokenExchange();
  const [outcome, setOutcome] = useState<Outcome>({ status: "loading" });
  // Google's code works once: the exchange must not run twice (StrictMode runs effects twice in development).
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (message: string, error?: unknown) => {
      console.warn("Gmail authorization failed", message, error);
      setOutcome({ status: "error", message });
      toast.error(messages.failedToast, { description: message });
    };
    const request = readCallback(params);
    if (request.kind === "error") return fail(request.message);
    // The code is a credential: out of the address bar and the history.
    navigate(GMAIL_CALLBACK_PATH, { replace: true });
    exchange.mutate(
      { code: request.code, state: request.state },
      {
        onSuccess: ({ email }) => {
          setOutcome({ status: "success", email });
          toast.success(messages.enabledToast, { description: messages.enabled(email) });
        },
        onError: (error) => fail(exchangeErrorMessage(error), error),
      },
    );
  }, [params, navigate, exchange]);

  /** A window the app did not open cannot close itself: then back to the senders. */
  function closeWindow() {
    window.close();
    if (!window.closed) navigate("/senders");
  }

  return (
    <Card className="mx-auto mt-8 max-w-lg">
      <CardHeader>
        <CardTitle>
          <h1 className="text-xl">
            {outcome.status === "loading"
              ? "Connecting Gmail"
              : outcome.status === "success"
                ? messages.enabledToast
                : messages.failedToast}
          </h1>
        </CardTitle>
      </CardHeader>
      <CardContent>
        {outcome.status === "loading" && <Spinner label="Completing Gmail authorization..." />}
        {outcome.status === "success" && (
          <p role="status" className="flex items-start gap-2 text-success">
            <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span>{messages.enabled(outcome.email)}</span>
          </p>
        )}
        {outcome.status === "error" && (
          <p role="alert" className="flex items-start gap-2 text-destructive">
            <CircleAlert className="mt-0.5 size-5 shrink-0" aria-hidden />
            <span>{outcome.message}</span>
          </p>
        )}
      </CardContent>
      {outcome.status !== "loading" && (
        <CardFooter className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/settings">Go to Settings</Link>
          </Button>
          <Button variant="outline" onClick={closeWindow}>
            Close Window
          </Button>
        </CardFooter>
      )}
    </Card>
  );
}
