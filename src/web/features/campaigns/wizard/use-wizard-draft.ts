// Keeps the wizard's draft (and current step) in this browser, per user, so a
// reload or a closed tab does not lose a half-built campaign. Where it is kept
// is draft-storage.ts; when it is written is draft-saver.ts.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { isAbSettingsForm } from "#shared/sequences/ab-winner.ts";
import { authClient } from "#web/lib/auth-client.ts";
import { removeDraftBackup, writeDraftBackup } from "./draft-backup.ts";
import { createDraftSaver } from "./draft-saver.ts";
import { backupStorage, deleteSavedDraft, loadStoredDraft, writeSavedDraft } from "./draft-storage.ts";
import { type DraftUpdate, emptyDraft, type WizardDraft } from "./wizard-draft.ts";

const SAVE_DELAY_MS = 400;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    // Drafts saved before the sending options have none: the defaults.
    trackOpens: typeof d.trackOpens === "boolean" ? d.trackOpens : null,
    trackClicks: d.trackClicks === true,
    sendAs: d.sendAs === "plain_text" ? "plain_text" : "html",
    // The campaign's scheduling link for {{bookingLink}}; none in drafts saved before the option.
    bookingLinkId: typeof d.bookingLinkId === "string" && UUID.test(d.bookingLinkId) ? d.bookingLinkId : null,
    dailyNewContactsLimit:
      typeof d.dailyNewContactsLimit === "number" && Number.isInteger(d.dailyNewContactsLimit)
        ? d.dailyNewContactsLimit
        : null,
    stopOnCompanyReply: d.stopOnCompanyReply === true,
    // The automatic A/B winner's settings as typed; none (the defaults) in drafts saved before them.
    ...(isAbSettingsForm(d.abSettings) ? { abSettings: d.abSettings } : {}),
    // Drafts saved before the one-request Launch have no key: the new one of `base`.
    launchKey: typeof d.launchKey === "string" && UUID.test(d.launchKey) ? d.launchKey : base.launchKey,
    launchSentAt: typeof d.launchSentAt === "string" ? d.launchSentAt : null,
  };
}

export function useWizardDraft() {
  const session = authClient.useSession();
  const key = session.data?.user.id ? `coldreach:campaign-draft:${session.data.user.id}` : null;
  const [initialDraft] = useState(emptyDraft);
  const [draft, setDraft] = useState<WizardDraft>(initialDraft);
  const [stepIndex, setStepIndex] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [restored, setRestored] = useState(false);
  const [saver] = useState(() =>
    createDraftSaver({
      delayMs: SAVE_DELAY_MS,
      write: writeSavedDraft,
      backup: (k, stored) => writeDraftBackup(backupStorage, k, stored),
      removeBackup: (k) => removeDraftBackup(backupStorage, k),
    }),
  );
  // The state storage already has (just restored) or must not get (untouched,
  // or just discarded: saving it would store an empty draft). Only until the
  // first change: after it, every state is saved, even one equal to this.
  const unchanged = useRef<{ draft: WizardDraft; stepIndex: number } | null>({ draft: initialDraft, stepIndex: 0 });

  useEffect(() => {
    if (!key) return;
    let cancelled = false;
    loadStoredDraft(key)
      .then((stored) => {
        if (cancelled || !stored) return;
        const restoredDraft = readableDraft(stored.draft);
        const restoredStep = Number.isInteger(stored.stepIndex) ? stored.stepIndex : 0;
        unchanged.current = { draft: restoredDraft, stepIndex: restoredStep };
        setDraft(restoredDraft);
        setStepIndex(restoredStep);
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

  // A layout effect, so the change is recorded in the same task that puts it
  // on screen: a reload right after the user (or a script) saw it still saves it.
  useLayoutEffect(() => {
    if (!key || !loaded) return;
    if (draft === unchanged.current?.draft && stepIndex === unchanged.current.stepIndex) return;
    unchanged.current = null;
    saver.change(key, { version: 1, draft, stepIndex, savedAt: new Date().toISOString() });
  }, [key, loaded, draft, stepIndex, saver]);

  // Leaving the page or hiding the tab saves at once; so does leaving the wizard.
  useEffect(() => {
    const onPageHide = () => saver.hide();
    const onVisibilityChange = () => {
      if (document.visibilityState === "hidden") saver.hide();
    };
    window.addEventListener("pagehide", onPageHide);
    document.addEventListener("visibilitychange", onVisibilityChange);
    return () => {
      window.removeEventListener("pagehide", onPageHide);
      document.removeEventListener("visibilitychange", onVisibilityChange);
      saver.flush();
    };
  }, [saver]);

  const update = useCallback((patch: DraftUpdate) => {
    setDraft((current) => ({ ...current, ...(typeof patch === "function" ? patch(current) : patch) }));
  }, []);

  /**
   * `patch` applied to `current` and written to storage at once; resolves
   * once stored (a write that fails is warned about and resolves too).
   */
  const saveNow = useCallback(
    async (current: WizardDraft, patch: Partial<WizardDraft>) => {
      const next = { ...current, ...patch };
      setDraft(next);
      if (!key) return;
      await saver.saveNow(key, { version: 1, draft: next, stepIndex, savedAt: new Date().toISOString() });
    },
    [key, saver, stepIndex],
  );

  const discard = useCallback(async () => {
    const empty = emptyDraft();
    unchanged.current = { draft: empty, stepIndex: 0 };
    setDraft(empty);
    setStepIndex(0);
    setRestored(false);
    if (!key) return;
    saver.discard(key);
    await deleteSavedDraft(key).catch((err: unknown) => console.warn("could not delete the campaign draft", err));
  }, [key, saver]);

  return { draft, update, saveNow, stepIndex, setStepIndex, loaded: loaded || !key, restored, discard };
}
