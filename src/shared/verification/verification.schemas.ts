// The verification API's contract (Deliverability screen): one address, a
// bulk list (at most 100), a CSV file; the latest results and the figures.
import { z } from "@hono/zod-openapi";
import { verificationResults } from "../db-enums.ts";

/** docs/product.md §13: a bulk verification takes at most this many addresses. */
export const BULK_VERIFY_LIMIT = 100;

export const verificationSchema = z
  .object({
    id: z.string(),
    email: z.string(),
    result: z.enum(verificationResults),
    isValid: z.boolean(),
    isDeliverable: z.boolean(),
    verifiedAt: z.string(),
    suggestedCorrection: z.string().nullable(),
    /** e.g. "role_account", "typo_suggested", "disposable", "catch_all", "no_mx_a_fallback", "dns_timeout", "smtp_probe_skipped" */
    flags: z.array(z.string()),
    executionTimeMs: z.number().int(),
  })
  .meta({ id: "EmailVerification" });
export type Verification = z.infer<typeof verificationSchema>;

export const verifyOneRequestSchema = z
  .object({ email: z.string().trim().min(1, "Please enter an email address") })
  .meta({ id: "VerifyEmailRequest" });

export const verifyBulkRequestSchema = z
  .object({ emails: z.array(z.string()).min(1, "Please enter valid email addresses") })
  .meta({ id: "VerifyBulkRequest" });

export const verificationListSchema = z
  .object({ results: z.array(verificationSchema) })
  .meta({ id: "EmailVerificationList" });
export type VerificationList = z.infer<typeof verificationListSchema>;

export const verificationStatsSchema = z
  .object({
    totalVerified: z.number().int(),
    valid: z.number().int(),
    deliverable: z.number().int(),
    /** invalid + disposable */
    invalidOrRisky: z.number().int(),
    /** deliverable / total, 0–100, one decimal; 0 when nothing was verified */
    deliverabilityRate: z.number(),
  })
  .meta({ id: "EmailVerificationStats" });
export type VerificationStats = z.infer<typeof verificationStatsSchema>;

export const verifyCsvResponseSchema = z
  .object({
    results: z.array(verificationSchema),
    /** Addresses found in the file (after dropping cells without @). */
    found: z.number().int(),
    /** "Found N valid email(s) in CSV" */
    message: z.string(),
  })
  .meta({ id: "VerifyCsvResponse" });
export type VerifyCsvResponse = z.infer<typeof verifyCsvResponseSchema>;
