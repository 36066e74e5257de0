import { describe, expect, it } from "vitest";
import type { WizardSender } from "./wizard-senders.ts";
import { hasSenderEmail, manualSender, sendersToImport, totalDailyLimit, uniqueByEmail } from "./wizard-senders.ts";

const existing: WizardSender[] = [
  { localId: "a", email: "Sales@Acme.test", provider: "gmail", dailyLimit: 50, savedSenderId: null },
];

describe("wizard sender rules", () => {
  it("finds an email case-insensitively, ignoring surrounding spaces", () => {
    expect(hasSenderEmail(existing, " sales@acme.TEST ")).toBe(true);
    expect(hasSenderEmail(existing, "other@acme.test")).toBe(false);
  });

  it("keeps the first saved sender per email", () => {
    const saved = [
      { id: "1", email: "a@x.test" },
      { id: "2", email: "A@X.test" },
      { id: "3", email: "b@x.test" },
    ];
    expect(uniqueByEmail(saved).map((s) => s.id)).toEqual(["1", "3"]);
  });

  it("imports only new emails and links them to their saved sender", () => {
    const added = sendersToImport(existing, [
      { id: "s1", email: "sales@acme.test", provider: "gmail", dailyLimit: 40 },
      { id: "s2", email: "ops@acme.test", provider: "outlook", dailyLimit: 80 },
      { id: "s3", email: "OPS@acme.test", provider: "outlook", dailyLimit: 80 },
    ]);
    expect(added).toEqual([
      { localId: expect.any(String), email: "ops@acme.test", provider: "outlook", dailyLimit: 80, savedSenderId: "s2" },
    ]);
    expect(
      sendersToImport(existing, [{ id: "s1", email: "SALES@acme.test", provider: "gmail", dailyLimit: 1 }]),
    ).toEqual([]);
  });

  it("builds a manual sender and sums daily limits", () => {
    const manual = manualSender({ email: " new@acme.test ", provider: "custom", dailyLimit: 25 });
    expect(manual).toMatchObject({ email: "new@acme.test", provider: "custom", dailyLimit: 25, savedSenderId: null });
    expect(totalDailyLimit([...existing, manual])).toBe(75);
    expect(totalDailyLimit([])).toBe(0);
  });
});
