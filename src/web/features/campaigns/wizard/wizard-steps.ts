import type { ComponentType } from "react";
import { DetailsStep } from "./steps/step-details.tsx";
import { DetectStep } from "./steps/step-detect.tsx";
import { ReviewStep } from "./steps/step-review.tsx";
import { SendersStep } from "./steps/step-senders.tsx";
import { SequenceStep } from "./steps/step-sequence.tsx";
import { UploadStep } from "./steps/step-upload.tsx";
import type { StepProps } from "./wizard-draft.ts";

/** The six steps, in order (docs/product.md §9.1). */
export const wizardSteps: { title: string; component: ComponentType<StepProps> }[] = [
  { title: "Campaign Details", component: DetailsStep },
  { title: "Sender Accounts", component: SendersStep },
  { title: "Upload Contacts", component: UploadStep },
  { title: "Detect Emails", component: DetectStep },
  { title: "Email Sequence", component: SequenceStep },
  { title: "Review & Launch", component: ReviewStep },
];
