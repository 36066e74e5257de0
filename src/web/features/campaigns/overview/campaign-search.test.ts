import { describe, expect, it } from "vitest";
import { matchesCampaignSearch } from "./campaign-search.ts";

const c = { name: "Q4 Outreach", description: "Founders in Berlin" };

describe("matchesCampaignSearch", () => {
  it("matches everything with an empty or blank term", () => {
    expect(matchesCampaignSearch(c, "")).toBe(true);
    expect(matchesCampaignSearch(c, "   ")).toBe(true);
  });

  it("matches the name or the description, ignoring case and spaces around the term", () => {
    expect(matchesCampaignSearch(c, "q4 out")).toBe(true);
    expect(matchesCampaignSearch(c, "  BERLIN ")).toBe(true);
  });

  it("takes % and _ literally and needs a match", () => {
    expect(matchesCampaignSearch(c, "%")).toBe(false);
    expect(matchesCampaignSearch({ name: "Q4_Push", description: null }, "_")).toBe(true);
    expect(matchesCampaignSearch({ name: "Q4 Push", description: null }, "paris")).toBe(false);
  });
});
