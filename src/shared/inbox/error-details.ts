// Inbox → email history → error details (docs/product.md §11.2, §14.1): a failed
// send's error_message is JSON with error, recipient, sender, subject,
// timestamp and troubleshooting { suggestion, commonCauses } (built by
// shared/sending/send-error-message.ts); rows written by other code or before
// that format may hold any text. What the JSON says is read leniently (each
// field on its own); anything that is not such JSON is shown as raw text.
import { type FailureCategory, failureCategories } from "../db-enums.ts";

export type InboxErrorDetails =
  | {
      kind: "details";
      /** What went wrong (the JSON's `error`, or its `message`); null when it only has hints. */
      summary: string | null;
      suggestion: string | null;
      commonCauses: string[];
      category: FailureCategory | null;
      recipient: string | null;
      sender: string | null;
      timestamp: string | null;
    }
  | { kind: "raw"; text: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

function summaryOf(json: Record<string, unknown>): string | null {
  const error = json.error;
  if (isRecord(error)) return text(error.message);
  return text(error) ?? text(json.message);
}

function causesOf(value: unknown): string[] {
  if (typeof value === "string") return text(value) ? [value.trim()] : [];
  if (!Array.isArray(value)) return [];
  return value.map(text).filter((cause): cause is string => cause !== null);
}

/** The error details of a failed send, the raw text when they are not readable JSON, or null when there are none. */
export function parseErrorDetails(errorMessage: string | null | undefined): InboxErrorDetails | null {
  if (!errorMessage?.trim()) return null;
  const raw = { kind: "raw", text: errorMessage.trim() } as const;
  let json: unknown;
  try {
    json = JSON.parse(errorMessage);
  } catch {
    return raw;
  }
  if (!isRecord(json)) return raw;
  const troubleshooting = isRecord(json.troubleshooting) ? json.troubleshooting : {};
  const summary = summaryOf(json);
  const suggestion = text(troubleshooting.suggestion);
  const commonCauses = causesOf(troubleshooting.commonCauses);
  if (!summary && !suggestion && commonCauses.length === 0) return raw;
  const category = failureCategories.find((c) => c === json.category) ?? null;
  return {
    kind: "details",
    summary,
    suggestion,
    commonCauses,
    category,
    recipient: text(json.recipient),
    sender: text(json.sender),
    timestamp: text(json.timestamp),
  };
}
