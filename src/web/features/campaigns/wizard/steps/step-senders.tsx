import type { StepProps } from "../wizard-draft.ts";

/** Sender accounts (saved-sender import and manual add): built by the feature that owns it. */
export function SendersStep(_props: StepProps) {
  return <p className="text-muted-foreground">Sender accounts (saved-sender import and manual add).</p>;
}
