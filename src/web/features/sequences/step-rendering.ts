// What the previews show for a step: spintax resolved as for the chosen
// contact, merge tags filled ([tagName] where the contact has no value), and a
// sentence for its timing.
import { format, parseISO } from "date-fns";
import { type MergeContact, type MergeContext, renderMergeTags } from "#shared/sequences/merge-tags.ts";
import { DEFAULT_SCHEDULED_TIME, type SequenceDraftStep } from "#shared/sequences/sequence-draft.ts";
import { parseSpintax, spinStep } from "#shared/sequences/spintax.ts";

export type RenderedStep = { subject: string; body: string; bodyFormat: SequenceDraftStep["bodyFormat"] };

/**
 * Which resolution a preview shows: the contact's (its id when stored, as the
 * engine picks; else its address) for step `stepNumber`; each Shuffle adds one
 * to `shuffle` and shows another.
 */
export type PreviewSpin = { contactKey: string; stepNumber: number; shuffle: number };

export function renderStepPreview(step: SequenceDraftStep, context: MergeContext, spin?: PreviewSpin): RenderedStep {
  const key = spin ? (spin.shuffle ? `${spin.contactKey}#${spin.shuffle}` : spin.contactKey) : "preview";
  const spun = spinStep(step, key, spin?.stepNumber ?? 1);
  return {
    subject: renderMergeTags(spun.subject, context, { mode: "preview", format: "text" }),
    body: renderMergeTags(spun.body, context, { mode: "preview", format: step.bodyFormat }),
    bodyFormat: step.bodyFormat,
  };
}

/** Whether a step has a choice to shuffle (valid spintax with at least one choice). */
export function hasSpintaxChoice(step: Pick<SequenceDraftStep, "subject" | "body" | "bodyFormat">): boolean {
  const choices = (text: string, format: "text" | "html") => {
    const parsed = parseSpintax(text, format);
    return parsed.ok && parsed.nodes.some((node) => typeof node !== "string");
  };
  return choices(step.subject, "text") || choices(step.body, step.bodyFormat);
}

/** The key a preview contact's choices are picked by. */
export function previewContactKey(contact: MergeContact | undefined): string {
  return contact?.id ?? contact?.email ?? "preview";
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
