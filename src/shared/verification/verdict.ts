// Combines the checks of one address into the stored verdict. is_valid: the
// address can exist (good syntax, a domain that receives mail, not refused by
// its server). is_deliverable: valid, not disposable and not a catch-all, and
// not left unknown by a mail server that would not say.
import type { VerificationResult } from "../db-enums.ts";

/** What DNS said about the domain's mail hosts (RFC 5321 §5.1, RFC 7505). */
export type DomainMail = "mx" | "a_fallback" | "null_mx" | "no_mail_host" | "dns_error" | "dns_timeout";

/** What the mail server said at RCPT (or that nobody asked it). */
export type MailboxAnswer = "accepted" | "catchall" | "rejected" | "unknown" | "skipped";

export type VerdictInput = {
  syntaxOk: boolean;
  suggestedCorrection: string | null;
  disposable: boolean;
  role: boolean;
  /** Undefined when DNS was not consulted (bad syntax, disposable). */
  domain?: DomainMail;
  mailbox?: MailboxAnswer;
};

export type Verdict = {
  result: VerificationResult;
  isValid: boolean;
  isDeliverable: boolean;
  flags: string[];
};

export function decideVerdict(input: VerdictInput): Verdict {
  const flags: string[] = [];
  if (input.suggestedCorrection) flags.push("typo_suggested");
  if (input.role) flags.push("role_account");
  const verdict = (result: VerificationResult, isValid: boolean, isDeliverable = false): Verdict => ({
    result,
    isValid,
    isDeliverable,
    flags,
  });

  if (!input.syntaxOk) {
    flags.push("invalid_syntax");
    return verdict("invalid", false);
  }
  if (input.disposable) {
    flags.push("disposable");
    return verdict("disposable", true);
  }
  switch (input.domain) {
    case "null_mx":
      flags.push("null_mx");
      return verdict("invalid", false);
    case "no_mail_host":
      flags.push("no_mail_host");
      return verdict("invalid", false);
    case "dns_timeout":
    case "dns_error":
      flags.push(input.domain);
      return verdict("unknown", false);
    case "a_fallback":
      flags.push("no_mx_a_fallback");
      break;
    case undefined:
      return verdict("unknown", false);
    default:
      break;
  }
  switch (input.mailbox ?? "skipped") {
    case "rejected":
      flags.push("mailbox_rejected");
      return verdict("invalid", false);
    case "catchall":
      flags.push("catch_all");
      return verdict("catchall", true);
    case "unknown":
      flags.push("smtp_unknown");
      return verdict("unknown", true);
    case "skipped":
      flags.push("smtp_probe_skipped");
      return verdict("valid", true, true);
    default:
      return verdict("valid", true, true);
  }
}
