// One email as the contact would read it (merge tags already filled).
import { useMemo } from "react";
import { cn } from "#web/lib/cn.ts";
import { richContentClass } from "./rich-content-class.ts";
import { sanitizeEmailHtmlForDisplay } from "./safe-html.ts";
import type { RenderedStep } from "./step-rendering.ts";

export function RenderedEmail({ email, className }: { email: RenderedStep; className?: string }) {
  const html = useMemo(
    () => (email.bodyFormat === "html" ? sanitizeEmailHtmlForDisplay(email.body) : null),
    [email.body, email.bodyFormat],
  );
  const emptyBody = email.body.trim() === "";
  return (
    <div className={cn("space-y-2", className)}>
      <p className="text-sm">
        <span className="text-muted-foreground">Subject: </span>
        <span className="font-medium" data-testid="preview-subject">
          {email.subject.trim() || <em className="font-normal text-muted-foreground">No subject</em>}
        </span>
      </p>
      {emptyBody ? (
        <p className="text-muted-foreground text-sm italic">No message yet</p>
      ) : html !== null ? (
        <div
          data-testid="preview-body"
          className={richContentClass}
          // Sanitised against the email allow-list just above.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: allow-listed HTML, see safe-html.ts
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : (
        <div data-testid="preview-body" className="whitespace-pre-wrap break-words text-sm leading-relaxed">
          {email.body}
        </div>
      )}
    </div>
  );
}
