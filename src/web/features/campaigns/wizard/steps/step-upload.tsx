import type { StepProps } from "../wizard-draft.ts";

/** Contact list upload: built by the feature that owns it. */
export function UploadStep(_props: StepProps) {
  return <p className="text-muted-foreground">Contact list upload.</p>;
}
