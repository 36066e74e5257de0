// A campaign cannot launch while a step uses a merge tag no contact can fill
// ('Step 2 uses an unknown merge tag {{frist_name}}. Did you mean
// {{first_name}}?'): each message would go out with the fallback or nothing
// where the user meant a value, almost always a typo. The known tags are the
// built-ins, {{bookingLink}}, the columns the campaign's contacts were
// stored with (their custom fields' names) and the user's fallback tags. Old steps stored before spintax
// was checked are refused here too, rather than sent with their braces.
import { asc, eq, sql } from "drizzle-orm";
import { mergeTagColumns, unknownMergeTagIssues } from "#shared/sequences/merge-tags.ts";
import { type StepLike, sequenceSpintaxProblems } from "#shared/sequences/step-texts.ts";
import type { Db } from "../../db/client.ts";
import { emailSequences } from "../../db/schema/index.ts";
import { queryRows, type Tx } from "../../db/sql-helpers.ts";
import { loadSendingSettings } from "../../domain/sending-settings.ts";
import { AppError } from "../../errors.ts";

/** 400 naming each unknown merge tag and spintax problem of every step's texts, its variants' included (step-texts.ts). */
export function assertStepsCanLaunch(steps: readonly StepLike[], columns: readonly string[]) {
  const issues = [...sequenceSpintaxProblems(steps).map((p) => p.message), ...unknownMergeTagIssues(steps, columns)];
  if (issues.length === 0) return;
  const message = issues.length === 1 ? issues[0]! : issues.map((i) => (/[.?!]$/.test(i) ? i : `${i}.`)).join(" ");
  throw new AppError("bad_request", message, { issues });
}

/**
 * The names that fill a tag in this campaign (mergeTagColumns): every
 * contact's custom-field keys, in one query, and the owner's fallback tags.
 * The launch checks against it and Edit Campaign's editor is given it.
 */
export async function campaignMergeTagColumns(tx: Tx | Db, userId: string, campaignId: string): Promise<string[]> {
  const columns = await queryRows<{ name: string }>(
    tx,
    sql`select distinct jsonb_object_keys(custom_fields) as name from contacts where campaign_id = ${campaignId}::uuid order by name`,
  );
  const { fallbackMergeTags } = await loadSendingSettings(tx, userId);
  return mergeTagColumns(
    columns.map((c) => c.name),
    fallbackMergeTags,
  );
}

/** The same on the campaign's stored steps and the names that fill its tags. */
export async function assertStoredStepsCanLaunch(tx: Tx, userId: string, campaignId: string) {
  const steps = await tx
    .select({
      subject: emailSequences.subject,
      body: emailSequences.body,
      bodyFormat: emailSequences.bodyFormat,
      variants: emailSequences.variants,
    })
    .from(emailSequences)
    .where(eq(emailSequences.campaignId, campaignId))
    .orderBy(asc(emailSequences.stepNumber));
  assertStepsCanLaunch(steps, await campaignMergeTagColumns(tx, userId, campaignId));
}
