// A verification's verdict and flags as text badges (never colour alone).
import type { VerificationResult } from "#shared/db-enums.ts";
import { Badge, type BadgeProps } from "#web/components/ui/badge.tsx";

const verdicts: Record<VerificationResult, { label: string; variant: BadgeProps["variant"] }> = {
  valid: { label: "Valid", variant: "success" },
  invalid: { label: "Invalid", variant: "destructive" },
  disposable: { label: "Disposable", variant: "destructive" },
  catchall: { label: "Catch-all", variant: "warning" },
  unknown: { label: "Unknown", variant: "secondary" },
  error: { label: "Error", variant: "outline" },
};

export function VerdictBadge({ result }: { result: VerificationResult }) {
  const verdict = verdicts[result];
  return <Badge variant={verdict.variant}>{verdict.label}</Badge>;
}

const flagLabels: Record<string, string> = {
  role_account: "Role account",
  typo_suggested: "Possible typo",
  disposable: "Disposable domain",
  catch_all: "Catch-all domain",
  no_mx_a_fallback: "No MX (A record used)",
  dns_timeout: "DNS timed out",
  smtp_probe_skipped: "Mailbox not probed",
};

/** Unknown flags still show, as their own words. */
export const flagLabel = (flag: string) => flagLabels[flag] ?? flag.replaceAll("_", " ");

export function FlagBadges({ flags }: { flags: string[] }) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label="Flags" className="flex flex-wrap gap-1">
      {flags.map((flag) => (
        <li key={flag}>
          <Badge variant="outline">{flagLabel(flag)}</Badge>
        </li>
      ))}
    </ul>
  );
}
