// The wizard's sender list rules (docs/product.md §9.3): emails
// are unique case-insensitively, imports skip what is already there, and the
// saved senders offered for import are de-duplicated by email.
import type { SenderProvider } from "#shared/db-enums.ts";
import type { Sender } from "#shared/senders/senders.schemas.ts";

/** A campaign's sender in the wizard or the edit page, before it is saved with the campaign. */
export type WizardSender = {
  localId: string;
  email: string;
  provider: SenderProvider;
  dailyLimit: number;
  /** Set when imported from the saved senders (the copy keeps using its connection). */
  savedSenderId: string | null;
};

const key = (email: string) => email.trim().toLowerCase();

export function hasSenderEmail(list: readonly WizardSender[], email: string): boolean {
  const wanted = key(email);
  return list.some((s) => key(s.email) === wanted);
}

/** Saved senders as the import dialog lists them: one per email, newest first as the API sends them. */
export function uniqueByEmail<T extends Pick<Sender, "email">>(saved: readonly T[]): T[] {
  const seen = new Set<string>();
  return saved.filter((s) => {
    const k = key(s.email);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function manualSender(input: { email: string; provider: SenderProvider; dailyLimit: number }): WizardSender {
  return {
    localId: crypto.randomUUID(),
    email: input.email.trim(),
    provider: input.provider,
    dailyLimit: input.dailyLimit,
    savedSenderId: null,
  };
}

/** The selected saved senders that are not in the list yet, as wizard senders linked to their saved row. */
export function sendersToImport(
  list: readonly WizardSender[],
  selected: readonly Pick<Sender, "id" | "email" | "provider" | "dailyLimit">[],
): WizardSender[] {
  const taken = new Set(list.map((s) => key(s.email)));
  const added: WizardSender[] = [];
  for (const saved of selected) {
    const k = key(saved.email);
    if (taken.has(k)) continue;
    taken.add(k);
    added.push({
      localId: crypto.randomUUID(),
      email: saved.email,
      provider: saved.provider,
      dailyLimit: saved.dailyLimit,
      savedSenderId: saved.id,
    });
  }
  return added;
}

export function totalDailyLimit(list: readonly WizardSender[]): number {
  return list.reduce((sum, s) => sum + s.dailyLimit, 0);
}
