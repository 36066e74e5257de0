// A domain's SPF, DKIM and DMARC each as one status: the worst of its checks
// (SPF's record, its -all, its lookup count and whether it covers the senders;
// DMARC's record, its policy and its reports). What the Senders page's health
// summary and the launch review show of a domain, and what is kept of each
// check (domain_health_checks). MX is left out: it is about receiving mail.
import { type CheckId, type CheckStatus, type DomainCheck, worstStatus } from "./domain-health.schemas.ts";

export const authenticationChecks = ["spf", "dkim", "dmarc"] as const;
export type AuthenticationCheck = (typeof authenticationChecks)[number];

export const authenticationCheckLabels: Record<AuthenticationCheck, string> = {
  spf: "SPF",
  dkim: "DKIM",
  dmarc: "DMARC",
};

const groupOf: Record<CheckId, AuthenticationCheck | null> = {
  mx: null,
  spf: "spf",
  spf_all: "spf",
  spf_lookups: "spf",
  spf_sender: "spf",
  dkim: "dkim",
  dmarc: "dmarc",
  dmarc_policy: "dmarc",
  dmarc_rua: "dmarc",
};

export type AuthenticationStatus = Record<AuthenticationCheck, CheckStatus>;

/** SPF, DKIM and DMARC of a domain's checks, each the worst of its own checks. */
export function authenticationStatus(checks: readonly Pick<DomainCheck, "id" | "status">[]): AuthenticationStatus {
  const of = (group: AuthenticationCheck) =>
    worstStatus(checks.filter((c) => groupOf[c.id] === group).map((c) => c.status));
  return { spf: of("spf"), dkim: of("dkim"), dmarc: of("dmarc") };
}
