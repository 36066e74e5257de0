// How a sender's connection reads on screen: a status badge, a one-line
// summary of the SMTP settings, and the outcome of a "Test connection".
import { AlertTriangle, CircleAlert, CircleCheck, Info } from "lucide-react";
import { smtpSecurityLabels } from "#shared/senders/provider-presets.ts";
import type { ConnectionTestCategory, ConnectionTestResult, Sender } from "#shared/senders/senders.schemas.ts";
import { Badge } from "#web/components/ui/badge.tsx";
import { Spinner } from "#web/components/ui/spinner.tsx";

export function ConnectionStatusBadge({ sender }: { sender: Sender }) {
  if (sender.cannotSendReason) return <Badge variant="warning">Cannot send</Badge>;
  return sender.canSend ? (
    <Badge variant="success">Ready to send</Badge>
  ) : (
    <Badge variant="warning">No sending connection</Badge>
  );
}

/** Why a launch would refuse this sender (the server's words), or nothing. */
export function CannotSendReason({ sender }: { sender: Pick<Sender, "cannotSendReason"> }) {
  if (!sender.cannotSendReason) return null;
  return (
    <p className="flex items-start gap-2 text-sm text-warning-foreground dark:text-warning">
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-medium">Cannot send:</span> {sender.cannotSendReason}
      </span>
    </p>
  );
}

/** "smtp.gmail.com:465 · SSL/TLS", or what is missing. */
export function connectionSummary(sender: Sender): string {
  const smtp = sender.connection.smtp;
  if (!smtp) return "No SMTP connection";
  const where = `${smtp.host}:${smtp.port} · ${smtpSecurityLabels[smtp.security]}`;
  return smtp.hasPassword ? where : `${where} · no password`;
}

const categoryTitles: Record<ConnectionTestCategory, string> = {
  authentication: "Sign-in failed",
  network: "Could not connect",
  domain_issue: "Server not found",
  other: "Connection failed",
};

export function ConnectionTestOutcome({
  result,
  pending,
  error,
}: {
  result: ConnectionTestResult | undefined;
  pending: boolean;
  error: Error | null;
}) {
  if (pending) return <Spinner label="Testing connection..." />;
  if (error) {
    return (
      <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
        <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>Connection test failed: {error.message}</span>
      </p>
    );
  }
  if (!result) return null;
  // Capture mode did not connect: not a success, not a failure (the message says why and what a live test needs).
  if (result.captured) {
    return (
      <p role="status" className="flex items-start gap-2 text-muted-foreground text-sm">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{result.message}</span>
      </p>
    );
  }
  if (result.ok) {
    return (
      <p role="status" className="flex items-start gap-2 text-sm text-success">
        <CircleCheck className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>
          <span className="font-medium">Connection successful.</span> {result.message}
        </span>
      </p>
    );
  }
  return (
    <p role="alert" className="flex items-start gap-2 text-destructive text-sm">
      <CircleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <span className="font-medium">{categoryTitles[result.category ?? "other"]}.</span> {result.message}
      </span>
    </p>
  );
}
