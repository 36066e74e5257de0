// What the previews show for a step: merge tags filled for the chosen contact
// ([tagName] where the contact has no value) and a sentence for its timing.
import { format, parseISO } from "date-fns";
import { type MergeContact, type MergeContext, renderMergeTags } from "#shared/sequences/merge-tags.ts";
import { DEFAULT_SCHEDULED_TIME, type SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";

export type RenderedStep = { subject: string; body: string; bodyFormat: SequenceDraftStep["bodyFormat"] };

export function renderStepPreview(step: SequenceDraftStep, context: MergeContext): RenderedStep {
  return {
    subject: renderMergeTags(step.subject, context, { mode: "preview", format: "text" }),
    body: renderMergeTags(step.body, context, { mode: "preview", format: step.bodyFormat }),
    bodyFormat: step.bodyFormat,
  };
}

const unitLabels = { days: ["day", "days"], hours: ["hour", "hours"], minutes: ["minute", "minutes"] } as const;

export function describeStepTiming(step: SequenceDraftStep, index: number): string {
  if (index === 0) return "Sent when the campaign launches";
  if (step.scheduledDate) {
    const date = parseISO(step.scheduledDate);
    const day = Number.isNaN(date.getTime()) ? step.scheduledDate : format(date, "MMM d, yyyy");
    return `Sent on ${day} at ${step.scheduledTime || DEFAULT_SCHEDULED_TIME}`;
  }
  if (step.delay === 0) return "Sent right after the previous email";
  const [one, many] = unitLabels[step.delayUnit];
  return `Sent ${step.delay} ${step.delay === 1 ? one : many} after the previous email`;
}

/** "Jane Doe (jane@acme.test)", or the address alone when the contact has no name. */
export function previewContactLabel(contact: MergeContact): string {
  const name = [contact.firstName, contact.lastName].filter((part) => part?.trim()).join(" ");
  const email = contact.email.trim();
  if (name && email) return `${name} (${email})`;
  return name || email || "Contact without email";
}
