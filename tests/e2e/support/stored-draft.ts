// The Create Campaign wizard's draft as the browser stores it: idb-keyval's
// keyval-store database in IndexedDB, read from inside the page.
import type { Page } from "playwright-core";

type BrowserIdb = {
  open(name: string): {
    result: {
      objectStoreNames: { contains(name: string): boolean };
      transaction(store: string): {
        objectStore(name: string): { getAll(): { result: unknown[]; onsuccess: () => void; onerror: () => void } };
      };
    };
    onsuccess: () => void;
    onerror: () => void;
  };
};

export type StoredSummary = {
  name: string;
  senders: number;
  contacts: number;
  /** The draft's Launch key, and when its Launch was sent without an answer yet (null: none pending). */
  launchKey: string | null;
  launchSentAt: string | null;
};

/** What the wizard draft in IndexedDB holds, in short (null: none stored). */
export function storedDraft(page: Page): Promise<StoredSummary | null> {
  return page.evaluate(
    () =>
      new Promise<StoredSummary | null>((resolve) => {
        // Runs in the page; the test's own types are Node's, which have no indexedDB.
        const idb = (globalThis as unknown as { indexedDB: BrowserIdb }).indexedDB;
        const open = idb.open("keyval-store");
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("keyval")) return resolve(null);
          const all = db.transaction("keyval").objectStore("keyval").getAll();
          all.onsuccess = () => {
            type Draft = {
              name: string;
              senderAccounts?: unknown[];
              contacts?: unknown[];
              launchKey?: string;
              launchSentAt?: string | null;
            };
            const draft = (all.result as { draft?: Draft }[]).find((v) => v?.draft)?.draft;
            resolve(
              draft
                ? {
                    name: draft.name,
                    senders: draft.senderAccounts?.length ?? 0,
                    contacts: draft.contacts?.length ?? 0,
                    launchKey: draft.launchKey ?? null,
                    launchSentAt: draft.launchSentAt ?? null,
                  }
                : null,
            );
          };
          all.onerror = () => resolve(null);
        };
      }),
  );
}

/**
 * Stores `record` as the signed-in user's wizard draft (the page must be on the
 * app's origin; reload it for the wizard to read it).
 */
export function storeDraft(page: Page, userId: string, record: unknown): Promise<unknown> {
  return page.evaluate(`new Promise((resolve, reject) => {
    const open = indexedDB.open("keyval-store");
    open.onupgradeneeded = () => open.result.createObjectStore("keyval");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const tx = open.result.transaction("keyval", "readwrite");
      tx.objectStore("keyval").put(${JSON.stringify(record)}, ${JSON.stringify(`coldreach:campaign-draft:${userId}`)});
      tx.oncomplete = () => { open.result.close(); resolve(undefined); };
      tx.onerror = () => reject(tx.error);
    };
  })`);
}

/** A wizard draft with a sender, three contacts and a step, at `stepIndex`, as the wizard stores it (for storeDraft). */
export function wizardDraft(stepIndex: number, extra: Record<string, unknown> = {}) {
  const draft = {
    ...extra,
    name: "Spring outreach",
    description: "Founders at seed-stage companies",
    senderAccounts: [
      { localId: "s1", email: "ana@sender.test", provider: "smtp", dailyLimit: 40, savedSenderId: null },
    ],
    contacts: [
      { email: "jane@acme.test", first_name: "Jane", company: "Acme" },
      { email: "sam@globex.test", first_name: "Sam", company: "Globex" },
      { email: "li@initech.test", first_name: "Li", company: "Initech" },
    ],
    importedFields: ["email", "first_name", "company"],
    fileName: "contacts.csv",
    emailColumn: "email",
    removedDuplicates: [],
    selectedColumns: ["email", "first_name", "company"],
    sequence: [
      {
        id: "step-1",
        subject: "Quick question, {{firstName}}",
        body: "Hi {{firstName}},\n\nHow is {{company}} handling outreach?",
        bodyFormat: "text",
        delay: 0,
        delayUnit: "days",
        scheduledDate: null,
        scheduledTime: null,
      },
    ],
  };
  return { version: 1, draft, stepIndex, savedAt: new Date().toISOString() };
}
