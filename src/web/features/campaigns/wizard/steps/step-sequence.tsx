import type { StepProps } from "../wizard-draft.ts";

/** Email sequence editor: built by the feature that owns it. */
export function SequenceStep(_props: StepProps) {
  return <p className="text-muted-foreground">Email sequence editor.</p>;
}
