// What went wrong in a mailbox sync, told apart by what it means
// (docs/decisions/015-mailbox-one-bad-message.md):
// - a message that cannot be applied is skipped, with a reason a user can
//   read (skipReasonOf); the sync moves past it;
// - the database failing for a moment (a lost connection, a deadlock, a
//   shutdown) is nobody's message's fault: the chunk is left unread and the
//   next sync reads it again (isTransientDatabaseError);
// - the error a user sees on the mail-sync card and the sender's panel says
//   what failed in plain words (syncFailureText): a source's own message when
//   it is one written for users (ImapSourceError, MailboxSourceError,
//   DeliveryError: an IMAP login refused, Gmail unreachable), else a fixed
//   sentence; never SQL, query parameters, ids or the content of a message.
//   The log gets more (logText), still without values: a database error is
//   logged by its SQLSTATE and the names of what it concerns.
import type { SkipReason } from "#shared/db-enums.ts";
import { DeliveryError } from "../sending/outgoing.ts";
import { UnreadableMessageError } from "./apply-inbound.ts";
import { ImapSourceError } from "./imap-failure.ts";
import { boundedText } from "./inbound-safety.ts";
import { MailboxSourceError } from "./mailbox-source.ts";

/** The shown text of a database failure. */
export const DATABASE_FAILURE_TEXT =
  "The mailbox sync could not save what it read (a database error). It will try again at the next sync.";
/** The shown text of a failure of the sync's own code. */
export const UNEXPECTED_FAILURE_TEXT =
  "The mailbox sync stopped on an unexpected error. It will try again at the next sync.";

/** The errors of an error's cause chain, outermost first (bounded: a cycle is possible). */
function chain(err: unknown): unknown[] {
  const out: unknown[] = [];
  let current = err;
  while (current && out.length < 8) {
    out.push(current);
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return out;
}

/** A PostgreSQL error (node-postgres and PGlite alike): a five-character SQLSTATE and a severity. */
const isPostgresError = (e: unknown): e is object =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as { code?: unknown }).code === "string" &&
  /^[0-9A-Z]{5}$/.test((e as { code: string }).code) &&
  typeof (e as { severity?: unknown }).severity === "string";

/** The SQLSTATE of a PostgreSQL error (node-postgres and PGlite alike), if the chain holds one. */
function sqlState(err: unknown): string | null {
  const found = chain(err).find(isPostgresError);
  return found ? (found as { code: string }).code : null;
}

/**
 * Drizzle's wrapper of a failed query: its message is the query and its
 * parameters. Known by its fields (its `name` is plain "Error").
 */
const isFailedQuery = (e: unknown): boolean =>
  typeof e === "object" &&
  e !== null &&
  typeof (e as { query?: unknown }).query === "string" &&
  Array.isArray((e as { params?: unknown }).params);

/** A database error: a failed query (Drizzle's wrapper) or PostgreSQL's own. */
export function isDatabaseError(err: unknown): boolean {
  return chain(err).some(isFailedQuery) || sqlState(err) !== null;
}

// SQLSTATE classes of a database that fails whatever the data: connection (08), transaction
// rollback (40: serialization failure, deadlock), resources (53), operator intervention (57:
// shutdown, cancelled), system (58).
const TRANSIENT_STATES = /^(08|40|53|57|58)/;
const CONNECTION_WORDS =
  /connection terminated|connection (?:is )?closed|connection error|ECONNRESET|ECONNREFUSED|EPIPE|ETIMEDOUT|PGlite is closed|Client was closed/i;

/** The database failed for a reason no message caused: try the chunk again later rather than skip a message. */
export function isTransientDatabaseError(err: unknown): boolean {
  const state = sqlState(err);
  if (state) return TRANSIENT_STATES.test(state);
  return chain(err).some((e) => {
    const code = (e as { code?: unknown }).code;
    const message = (e as { message?: unknown }).message;
    return (
      (typeof code === "string" && CONNECTION_WORDS.test(code)) ||
      (typeof message === "string" && CONNECTION_WORDS.test(message))
    );
  });
}

/** Why a message could not be applied, as the ledger records it. */
export function skipReasonOf(err: unknown): SkipReason {
  if (err instanceof UnreadableMessageError) return "unreadable";
  if (isDatabaseError(err)) return "not_saved";
  return "unexpected";
}

/**
 * A PostgreSQL error for the log: its SQLSTATE and the names it concerns. Its
 * message can quote a value (`invalid input syntax for type uuid: "…"`), and
 * its detail a row's (`Key (message_id)=(…) already exists`).
 */
function databaseLogText(e: object): string {
  const named = ["table", "column", "constraint", "routine"]
    .map((field) => [field, (e as Record<string, unknown>)[field]] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === "string" && entry[1] !== "")
    .map(([field, value]) => `${field} ${value}`);
  return [`PostgreSQL error ${(e as { code: string }).code}`, ...named].join(", ");
}

/** The error's own words for the log: cleaned, bounded; no query, parameters or values. */
export function logText(err: unknown): string {
  const parts = chain(err).map((e) => {
    // PGlite's own errors carry the query too: PostgreSQL's fields first.
    if (isPostgresError(e)) return databaseLogText(e);
    if (isFailedQuery(e)) return "failed query";
    return e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  });
  return boundedText(parts.join(" <- "), 1000);
}

/** Errors whose message is built for users from fixed words, codes and what the user typed. */
const writtenForUsers = (err: unknown): err is Error =>
  err instanceof ImapSourceError || err instanceof MailboxSourceError || err instanceof DeliveryError;

/**
 * What a user is told of a failed sync. `fromEngine`: the error came from the
 * sync's own work (selecting, applying, storing), not from reading the source.
 */
export function syncFailureText(err: unknown, fromEngine: boolean): string {
  if (isDatabaseError(err)) return DATABASE_FAILURE_TEXT;
  if (fromEngine || !writtenForUsers(err)) return UNEXPECTED_FAILURE_TEXT;
  const shown = boundedText(err.message.replace(/\s+/g, " ").trim(), 500);
  return shown || UNEXPECTED_FAILURE_TEXT;
}
