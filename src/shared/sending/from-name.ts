// The display name in From, per the user's from_name_format setting:
// first_last shows a person ("Jane Smith"), company_team a team ("Acme Team").
import type { FromNameFormat } from "../db-enums.ts";
import { mergeTagKey } from "../sequences/merge-tags.ts";
import { addressDomain } from "./threading.ts";

export type FromNameInput = {
  format: FromNameFormat;
  senderEmail: string;
  /** The user's full name from their profile, when they gave one. */
  userFullName?: string | null;
  /** The user's company name, when one is known. */
  companyName?: string | null;
  /** The user's fallback merge tags; a `company` value there stands in for the company name. */
  fallbackMergeTags?: Record<string, string>;
};

/** The default fallback for {{company}} is a phrase for the recipient, never a company name. */
const PLACEHOLDER_COMPANY = "your company";

/** Second-level labels under which the registrable name sits one label further left (acme.co.uk). */
const SECOND_LEVEL = new Set(["co", "com", "org", "net", "ac", "gov", "edu", "ltd", "plc"]);

function capitalizeWords(words: string[]): string {
  return words
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(" ");
}

/** "jane.smith+sales@…" → "Jane Smith": the best guess at a person's name from the address. */
export function nameFromAddress(email: string): string {
  const local = email.slice(0, Math.max(0, email.lastIndexOf("@"))).replace(/\+.*$/, "");
  return capitalizeWords(local.split(/[._-]+/)) || local || email;
}

/** "mail.acme-corp.co.uk" → "Acme Corp": the organisation's name from a domain. */
export function companyFromDomain(domain: string): string {
  const labels = domain.toLowerCase().split(".").filter(Boolean);
  if (labels.length < 2) return capitalizeWords(labels);
  let index = labels.length - 2;
  if (labels.length >= 3 && SECOND_LEVEL.has(labels[index]!)) index -= 1;
  return capitalizeWords(labels[index]!.split("-"));
}

function fallbackCompany(fallbacks: Record<string, string> | undefined): string {
  for (const [name, value] of Object.entries(fallbacks ?? {})) {
    if (mergeTagKey(name) === "company" && value.trim().toLowerCase() !== PLACEHOLDER_COMPANY) return value.trim();
  }
  return "";
}

export function fromDisplayName(input: FromNameInput): string {
  if (input.format === "company_team") {
    const company =
      input.companyName?.trim() ||
      fallbackCompany(input.fallbackMergeTags) ||
      companyFromDomain(addressDomain(input.senderEmail));
    return company ? `${company} Team` : nameFromAddress(input.senderEmail);
  }
  return input.userFullName?.trim() || nameFromAddress(input.senderEmail);
}
