// A failed send's error details (docs/product.md §11.2, §14.1): what went wrong and the
// troubleshooting hints (suggestion, common causes) read from the error JSON,
// or the raw text when it is not JSON.
import { AlertTriangle, Lightbulb } from "lucide-react";
import { useId } from "react";
import type { InboxSend } from "#shared/inbox/inbox.schemas.ts";
import { failureCategoryLabel } from "#shared/inbox/inbox-labels.ts";

/**
 * `level`: its heading's level, one below the heading of what it sits in (a
 * send in the Inbox's history, h4; a failure on the Failed emails page, h3).
 * `reason`: why it failed in the user's words, where nothing beside the panel says it already.
 */
export function ErrorDetailsPanel({
  error,
  level,
  reason,
}: {
  error: NonNullable<InboxSend["error"]>;
  level: 4 | 5;
  reason?: string | null;
}) {
  const titleId = useId();
  const Heading = level === 4 ? "h4" : "h5";
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm"
    >
      <Heading id={titleId} className="flex items-center gap-2 font-medium text-destructive">
        <AlertTriangle aria-hidden className="size-4" /> Error Details
      </Heading>
      {reason && (
        <p>
          <span className="font-medium">Reason: </span>
          {reason}
        </p>
      )}
      {error.kind === "raw" ? (
        <pre className="whitespace-pre-wrap break-words font-mono text-xs">{error.text}</pre>
      ) : (
        <>
          {(error.summary || error.category) && (
            <div className="space-y-1">
              {error.category && (
                <p className="text-muted-foreground text-xs">{failureCategoryLabel(error.category)}</p>
              )}
              {error.summary && <p className="whitespace-pre-wrap break-words font-mono text-xs">{error.summary}</p>}
            </div>
          )}
          {(error.suggestion || error.commonCauses.length > 0) && (
            <div className="space-y-2 rounded-md bg-background/60 p-3">
              <p className="flex items-center gap-2 font-medium">
                <Lightbulb aria-hidden className="size-4 text-warning" /> Troubleshooting
              </p>
              {error.suggestion && (
                <p>
                  <span className="font-medium">Suggestion: </span>
                  {error.suggestion}
                </p>
              )}
              {error.commonCauses.length > 0 && (
                <div>
                  <p className="font-medium">Common causes:</p>
                  <ul className="mt-1 list-disc space-y-0.5 pl-5">
                    {error.commonCauses.map((cause) => (
                      <li key={cause}>{cause}</li>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          )}
        </>
      )}
    </section>
  );
}
