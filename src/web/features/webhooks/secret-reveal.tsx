// An endpoint's signing secret, shown once (after adding the endpoint or
// rotating its secret): the server never returns it again, so the panel says
// so, offers Copy, and stays until the user closes it.
import { Check, Copy, KeyRound } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "#web/components/ui/button.tsx";
import { toast } from "#web/lib/toast.ts";

export function SecretReveal({ url, secret, onClose }: { url: string; secret: string; onClose: () => void }) {
  const titleId = useId();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success("Copied");
    } catch {
      toast.error("Could not copy: select the secret and copy it by hand");
    }
  }
  return (
    <section
      aria-labelledby={titleId}
      className="space-y-3 rounded-md border border-warning bg-warning/10 p-4"
      data-testid="webhook-secret"
    >
      <h3 id={titleId} className="flex items-center gap-2 font-medium text-sm">
        <KeyRound aria-hidden className="size-4" /> Signing secret for {url}
      </h3>
      <p className="text-sm">
        Copy it now: it is shown only once. Your receiver verifies each request's <code>webhook-signature</code> with it
        (any Standard Webhooks library does this).
      </p>
      <div className="flex flex-wrap items-start gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded-md border bg-background px-2 py-1.5 font-mono text-xs"
          data-testid="webhook-secret-value"
        >
          {secret}
        </code>
        <Button type="button" variant="outline" size="sm" onClick={() => void copy()}>
          {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <Button type="button" size="sm" onClick={onClose}>
        I have saved it
      </Button>
    </section>
  );
}
