// A sender's Bounce protection dialog: its own hard-bounce rate and minimum
// sends as typed (empty: the user's settings), and how they become the API's
// input, checked by the schema the server uses.
import { type SenderProtectionInput, senderProtectionInputSchema } from "./bounce-protection.schemas.ts";

export type SenderProtectionFormValues = { bounceRatePercent: string; minSends: string };

export function protectionToForm(
  own: { bounceRatePercent: number | null; minSends: number | null } | undefined,
): SenderProtectionFormValues {
  return {
    bounceRatePercent: own?.bounceRatePercent == null ? "" : String(own.bounceRatePercent),
    minSends: own?.minSends == null ? "" : String(own.minSends),
  };
}

/** Empty is null (the user's settings); anything else must be a number the schema takes. */
const figure = (text: string) => (text.trim() === "" ? null : Number(text.trim().replace(",", ".")));

export function formToProtection(
  email: string,
  v: SenderProtectionFormValues,
):
  | { ok: true; input: SenderProtectionInput }
  | { ok: false; errors: Partial<Record<keyof SenderProtectionFormValues, string>> } {
  const parsed = senderProtectionInputSchema.safeParse({
    email,
    bounceRatePercent: figure(v.bounceRatePercent),
    minSends: figure(v.minSends),
  });
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Partial<Record<keyof SenderProtectionFormValues, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (field === "bounceRatePercent" || field === "minSends") errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
