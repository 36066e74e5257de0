import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CAMPAIGN_NAME_MAX, campaignNameSchema } from "./campaigns.schemas.ts";
import { cloneCampaignInputSchema } from "./clone-campaign.ts";
import { cloneName } from "./clone-name.ts";

describe("cloneName", () => {
  it("adds ' (copy)'", () => {
    expect(cloneName("Q4 Outreach")).toBe("Q4 Outreach (copy)");
    expect(cloneName("  Q4  ")).toBe("Q4 (copy)");
  });

  it("cuts a long name so the copy's name fits the limit", () => {
    const name = "x".repeat(CAMPAIGN_NAME_MAX);
    const copy = cloneName(name);
    expect(copy).toHaveLength(CAMPAIGN_NAME_MAX);
    expect(copy.endsWith("x (copy)")).toBe(true);
  });

  it("never leaves half an emoji", () => {
    const name = `${"x".repeat(CAMPAIGN_NAME_MAX - 8)}😀😀`;
    expect(cloneName(name)).toBe(`${"x".repeat(CAMPAIGN_NAME_MAX - 8)} (copy)`);
  });

  it("is always a valid campaign name ending in ' (copy)' (any valid name)", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme", minLength: 1, maxLength: CAMPAIGN_NAME_MAX }).filter((s) => s.trim().length > 0),
        (name) => {
          const copy = cloneName(name);
          expect(copy.length).toBeLessThanOrEqual(CAMPAIGN_NAME_MAX);
          expect(copy.endsWith(" (copy)")).toBe(true);
          expect(campaignNameSchema.safeParse(copy).success).toBe(true);
          expect(copy).not.toMatch(/[\uD800-\uDBFF] \(copy\)$/);
        },
      ),
    );
  });
});

describe("cloneCampaignInputSchema", () => {
  it("needs includeContacts and takes an optional name within the limit", () => {
    expect(cloneCampaignInputSchema.safeParse({ includeContacts: true }).success).toBe(true);
    expect(cloneCampaignInputSchema.safeParse({}).success).toBe(false);
    expect(cloneCampaignInputSchema.safeParse({ includeContacts: false, name: "  " }).success).toBe(false);
    expect(
      cloneCampaignInputSchema.safeParse({ includeContacts: false, name: "x".repeat(CAMPAIGN_NAME_MAX + 1) }).success,
    ).toBe(false);
  });
});
