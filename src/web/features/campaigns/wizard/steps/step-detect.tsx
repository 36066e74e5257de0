import type { StepProps } from "../wizard-draft.ts";

/** Duplicate detection and column selection: built by the feature that owns it. */
export function DetectStep(_props: StepProps) {
  return <p className="text-muted-foreground">Duplicate detection and column selection.</p>;
}
