// The pacing dialog's values (minutes and text, as typed) and how they become
// the API's input, checked by the same schema the server uses.
import {
  RAMP_DEFAULTS,
  type SenderPacing,
  type SenderPacingInput,
  senderPacingInputSchema,
} from "./sender-pacing.schemas.ts";

export type PacingFormValues = {
  gapMinMinutes: string;
  gapMaxMinutes: string;
  hourlyLimit: string;
  ramp: boolean;
  rampStart: string;
  rampStep: string;
};

/** What the form shows for a mailbox without pacing: the recommended 2–5 minutes, no hourly limit, no ramp. */
export function pacingToForm(p: SenderPacing | undefined): PacingFormValues {
  return {
    gapMinMinutes: String((p?.gapMinSeconds ?? 120) / 60),
    gapMaxMinutes: String((p?.gapMaxSeconds ?? 300) / 60),
    hourlyLimit: p?.hourlyLimit ? String(p.hourlyLimit) : "",
    ramp: Boolean(p?.ramp),
    rampStart: String(p?.ramp?.start ?? RAMP_DEFAULTS.start),
    rampStep: String(p?.ramp?.step ?? RAMP_DEFAULTS.step),
  };
}

const number = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

/** The input, or the message of each field that is wrong (keyed by the form's field names). */
export function formToPacing(
  v: PacingFormValues,
): { ok: true; input: SenderPacingInput } | { ok: false; errors: Partial<Record<keyof PacingFormValues, string>> } {
  const hourly = v.hourlyLimit.trim() === "" ? null : number(v.hourlyLimit);
  const candidate = {
    gapMinSeconds: Math.round(number(v.gapMinMinutes) * 60),
    gapMaxSeconds: Math.round(number(v.gapMaxMinutes) * 60),
    hourlyLimit: hourly,
    ramp: v.ramp ? { start: number(v.rampStart), step: number(v.rampStep) } : null,
  };
  const parsed = senderPacingInputSchema.safeParse(candidate);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldOf: Record<string, keyof PacingFormValues> = {
    gapMinSeconds: "gapMinMinutes",
    gapMaxSeconds: "gapMaxMinutes",
    hourlyLimit: "hourlyLimit",
    "ramp.start": "rampStart",
    "ramp.step": "rampStep",
  };
  const errors: Partial<Record<keyof PacingFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOf[issue.path.join(".")];
    // The form is in minutes: the API's messages say seconds first.
    if (field && !errors[field])
      errors[field] = issue.message
        .replace(" of seconds", "")
        .replace("86,400 seconds (1,440 minutes)", "1,440 minutes");
  }
  return { ok: false, errors };
}

const minutes = (s: number) => {
  const m = s / 60;
  return Number.isInteger(m) ? String(m) : m.toFixed(1);
};

/** One line for a sender's card: "2–5 min between sends · at most 20 an hour · ramp: 15 today (10, +5 a day)". */
export function pacingSummary(p: SenderPacing | undefined): string {
  if (!p) return "No pacing: sends as fast as its daily limit allows";
  const parts: string[] = [];
  if (p.gapMaxSeconds > 0)
    parts.push(
      p.gapMinSeconds === p.gapMaxSeconds
        ? `${minutes(p.gapMinSeconds)} min between sends`
        : `${minutes(p.gapMinSeconds)}–${minutes(p.gapMaxSeconds)} min between sends`,
    );
  if (p.hourlyLimit) parts.push(`at most ${p.hourlyLimit} an hour`);
  if (p.ramp) parts.push(`ramp: ${p.ramp.today} today (${p.ramp.start}, +${p.ramp.step} a day)`);
  return parts.length > 0 ? parts.join(" · ") : "No gap, hourly limit or ramp";
}
