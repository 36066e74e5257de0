// Keeps the wizard's draft (and current step) in IndexedDB, per user, so a
// reload or a closed tab does not lose a half-built campaign. IndexedDB rather
// than localStorage because 10,000 imported contacts exceed localStorage quotas.
import { del, get, set } from "idb-keyval";
import { useCallback, useEffect, useRef, useState } from "react";
import { authClient } from "#web/lib/auth-client.ts";
import { type DraftUpdate, emptyDraft, type WizardDraft } from "./wizard-draft.ts";

type Stored = { version: 1; draft: WizardDraft; stepIndex: number; savedAt: string };

const SAVE_DELAY_MS = 400;

/**
 * A stored draft comes from an older version of the app or a hand-edited
 * browser store: keep what is well-formed, drop what is not, never crash.
 */
function readableDraft(stored: Partial<WizardDraft> | undefined): WizardDraft {
  const base = emptyDraft();
  const d = stored ?? {};
  const text = (v: unknown, fallback: string) => (typeof v === "string" ? v : fallback);
  const list = <T>(v: unknown, ok: (x: unknown) => x is T): T[] => (Array.isArray(v) ? v.filter(ok) : []);
  const isRecord = (x: unknown): x is Record<string, string> =>
    typeof x === "object" && x !== null && Object.values(x).every((v) => typeof v === "string");
  const isString = (x: unknown): x is string => typeof x === "string";
  const isSender = (x: unknown): x is WizardDraft["senderAccounts"][number] =>
    typeof x === "object" && x !== null && typeof (x as { email?: unknown }).email === "string";
  // Broken steps stay (the editor shows them as corrupted and offers to replace them).
  const isObject = (x: unknown): x is WizardDraft["sequence"][number] => typeof x === "object" && x !== null;
  const sequence = list(d.sequence, isObject);
  return {
    name: text(d.name, base.name),
    description: text(d.description, base.description),
    senderAccounts: list(d.senderAccounts, isSender),
    contacts: list(d.contacts, isRecord),
    importedFields: list(d.importedFields, isString),
    fileName: typeof d.fileName === "string" ? d.fileName : null,
    emailColumn: text(d.emailColumn, base.emailColumn),
    removedDuplicates: list(d.removedDuplicates, isString),
    selectedColumns: list(d.selectedColumns, isString),
    sequence: sequence.length > 0 ? sequence : base.sequence,
  };
}

export function useWizardDraft() {
  const session = authClient.useSession();
  const key = session.data?.user.id ? `coldreach:campaign-draft:${session.data.user.id}` : null;
  const [draft, setDraft] = useState<WizardDraft>(emptyDraft);
  const [stepIndex, setStepIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    get<Stored>(key)
      .then((stored) => {
        if (cancelled || !stored || stored.version !== 1) return;
        setDraft(readableDraft(stored.draft));
        setStepIndex(Number.isInteger(stored.stepIndex) ? stored.stepIndex : 0);
        setRestored(true);
      })
      .catch((err: unknown) => console.warn("could not read the saved campaign draft", err))
      .finally(() => {
        if (!cancelled) setLoaded(true);
      });
    return () => {
      cancelled = true;
    };
  }, [key]);

  useEffect(() => {
    if (!key || !loaded) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const stored: Stored = { version: 1, draft, stepIndex, savedAt: new Date().toISOString() };
      set(key, stored).catch((err: unknown) => console.warn("could not save the campaign draft", err));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer.current);
  }, [key, loaded, draft, stepIndex]);

  const update = useCallback((patch: DraftUpdate) => {
    setDraft((current) => ({ ...current, ...(typeof patch === "function" ? patch(current) : patch) }));
  }, []);

  const discard = useCallback(async () => {
    clearTimeout(timer.current);
    setDraft(emptyDraft());
    setStepIndex(0);
    setRestored(false);
    if (key) await del(key).catch(() => undefined);
  }, [key]);

  return { draft, update, stepIndex, setStepIndex, loaded: loaded || !key, restored, discard };
}
