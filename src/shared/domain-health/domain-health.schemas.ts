// The domain health API's contract: for each domain of the user's senders,
// its checks (MX, SPF, DKIM, DMARC) as pass / warn / fail, each with the
// exact record to publish when something needs fixing.
import { z } from "@hono/zod-openapi";
import { type DomainCheckStatus, domainCheckStatuses } from "../db-enums.ts";

export const checkStatuses = domainCheckStatuses;
export type CheckStatus = DomainCheckStatus;

export const checkIds = [
  "mx",
  "spf",
  "spf_all",
  "spf_lookups",
  "spf_sender",
  "dkim",
  "dmarc",
  "dmarc_policy",
  "dmarc_rua",
] as const;
export type CheckId = (typeof checkIds)[number];

export const fixRecordSchema = z
  .object({
    type: z.literal("TXT"),
    /** The full DNS name to publish at. */
    host: z.string(),
    value: z.string(),
  })
  .meta({ id: "DomainHealthFixRecord" });
export type FixRecord = z.infer<typeof fixRecordSchema>;

export const domainCheckSchema = z
  .object({
    id: z.enum(checkIds),
    label: z.string(),
    status: z.enum(checkStatuses),
    message: z.string(),
    /** The record to publish (a TXT record); absent when nothing is to publish or no single record fixes it. */
    fix: fixRecordSchema.optional(),
  })
  .meta({ id: "DomainHealthCheck" });
export type DomainCheck = z.infer<typeof domainCheckSchema>;

export const domainHealthSchema = z
  .object({
    domain: z.string(),
    /** The worst status of the checks. */
    status: z.enum(checkStatuses),
    /** The sender addresses at this domain. */
    senders: z.array(z.string()),
    /** The DKIM selector the key was found at (or the one checked). */
    dkimSelector: z.string().nullable(),
    checks: z.array(domainCheckSchema),
    checkedAt: z.string(),
  })
  .meta({ id: "DomainHealth" });
export type DomainHealth = z.infer<typeof domainHealthSchema>;

export const domainHealthListSchema = z
  .object({ domains: z.array(domainHealthSchema) })
  .meta({ id: "DomainHealthList" });

export const domainHealthQuerySchema = z.object({
  selector: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/i, "A DKIM selector is letters, digits, dots, dashes or underscores")
    .optional()
    .openapi({ description: "The DKIM selector to check (default: the app's DKIM_SELECTOR, else common ones)" }),
});

/** Selectors tried in order when none is given and the app does not sign for the domain. */
export const DEFAULT_DKIM_SELECTORS = ["google", "selector1", "selector2", "default", "k1", "s1", "dkim"] as const;

export const worstStatus = (statuses: readonly CheckStatus[]): CheckStatus =>
  statuses.includes("fail") ? "fail" : statuses.includes("warn") ? "warn" : "pass";
