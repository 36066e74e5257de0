// Verifies addresses for a user and keeps the results (email_verifications);
// reads back the latest ones and the Deliverability figures.
import { and, desc, eq, sql } from "drizzle-orm";
import { parseCsv } from "#shared/contacts/import/csv-parse.ts";
import { decodeTextFile } from "#shared/contacts/import/decode-text.ts";
import {
  BULK_VERIFY_LIMIT,
  type Verification,
  type VerificationStats,
} from "#shared/verification/verification.schemas.ts";
import {
  bulkEmails,
  csvEmails,
  MAX_VERIFY_CSV_BYTES,
  verificationMessages,
} from "#shared/verification/verification-messages.ts";
import { emailVerifications } from "../../db/schema/index.ts";
import { createDnsResolver } from "../../dns/resolver.ts";
import { AppError } from "../../errors.ts";
import type { FeatureDeps } from "../feature-deps.ts";
import { readCsvUpload, storeCsvUpload } from "./csv-upload.ts";
import { createVerifier } from "./verify-address.ts";

/** Something to verify, and at most 100 at a time. */
function checkBatch(emails: readonly string[], none: string): void {
  if (emails.length === 0) throw new AppError("validation_error", none);
  if (emails.length > BULK_VERIFY_LIMIT) throw new AppError("validation_error", verificationMessages.bulkLimit);
}

/** The results list shows the last 100 (docs/product.md §13). */
export const VERIFICATION_LIST_LIMIT = 100;

const toDto = (row: typeof emailVerifications.$inferSelect): Verification => ({
  id: row.id,
  email: row.email,
  result: row.verificationResult,
  isValid: row.isValid,
  isDeliverable: row.isDeliverable,
  verifiedAt: row.verifiedAt.toISOString(),
  suggestedCorrection: row.suggestedCorrection,
  flags: row.flags,
  executionTimeMs: row.executionTimeMs,
});

export function createVerificationService(deps: Pick<FeatureDeps, "db" | "config">) {
  const { db, config } = deps;
  const verifier = createVerifier({
    resolver: createDnsResolver({ servers: config.dnsServers }),
    probe: config.verifySmtpProbe
      ? {
          policy: { allowPrivate: config.smtpAllowPrivate },
          port: config.verifySmtpPort,
          timeoutMs: 10_000,
          heloName: new URL(config.publicUrl).hostname,
        }
      : undefined,
  });

  /** Verifies and stores, results in the order given. */
  async function verify(userId: string, emails: readonly string[]): Promise<Verification[]> {
    const verdicts = await verifier.verifyBatch(emails);
    if (verdicts.length === 0) return [];
    const rows = await db
      .insert(emailVerifications)
      .values(
        verdicts.map((v) => ({
          userId,
          email: v.email,
          verificationResult: v.result,
          isValid: v.isValid,
          isDeliverable: v.isDeliverable,
          suggestedCorrection: v.suggestedCorrection,
          flags: v.flags,
          executionTimeMs: v.executionTimeMs,
        })),
      )
      .returning();
    return rows.map(toDto);
  }

  return {
    verify,

    /** A bulk list: entries without @ dropped, then 1 to 100 left. */
    async verifyBulk(userId: string, entries: readonly string[]): Promise<Verification[]> {
      const emails = bulkEmails(entries);
      checkBatch(emails, verificationMessages.enterValidEmails);
      return verify(userId, emails);
    },

    /**
     * A CSV file: kept per user (csv-upload.ts), read back, its addresses
     * (the email column, else every cell with an @) verified as a bulk list.
     */
    async verifyCsv(userId: string, file: { name: string; size: number; bytes: () => Promise<ArrayBuffer> }) {
      if (!file.name.trim().toLowerCase().endsWith(".csv") || file.size >= MAX_VERIFY_CSV_BYTES) {
        throw new AppError("bad_request", verificationMessages.uploadFailed);
      }
      const path = await storeCsvUpload(config.dataDir, userId, file.name, new Uint8Array(await file.bytes()));
      let emails: string[];
      try {
        emails = csvEmails(parseCsv(decodeTextFile(new Uint8Array(await readCsvUpload(path)))));
      } catch {
        throw new AppError("bad_request", verificationMessages.processFailed);
      }
      checkBatch(emails, verificationMessages.noEmails);
      const results = await verify(userId, emails);
      return { results, found: emails.length, message: verificationMessages.found(emails.length) };
    },

    async latest(userId: string): Promise<Verification[]> {
      const rows = await db
        .select()
        .from(emailVerifications)
        .where(eq(emailVerifications.userId, userId))
        .orderBy(desc(emailVerifications.verifiedAt), desc(emailVerifications.id))
        .limit(VERIFICATION_LIST_LIMIT);
      return rows.map(toDto);
    },

    /** The stats cards, in one query. */
    async stats(userId: string): Promise<VerificationStats> {
      const [row] = await db
        .select({
          total: sql<number>`count(*)::int`,
          valid: sql<number>`(count(*) filter (where ${emailVerifications.isValid}))::int`,
          deliverable: sql<number>`(count(*) filter (where ${emailVerifications.isDeliverable}))::int`,
          invalidOrRisky: sql<number>`(count(*) filter (where ${emailVerifications.verificationResult} in ('invalid', 'disposable')))::int`,
        })
        .from(emailVerifications)
        .where(and(eq(emailVerifications.userId, userId)));
      const total = row?.total ?? 0;
      const deliverable = row?.deliverable ?? 0;
      return {
        totalVerified: total,
        valid: row?.valid ?? 0,
        deliverable,
        invalidOrRisky: row?.invalidOrRisky ?? 0,
        deliverabilityRate: total === 0 ? 0 : Math.round((deliverable / total) * 1000) / 10,
      };
    },
  };
}
