import { describe, expect, it } from "vitest";
import { collectTags, parseTagList } from "./template-tags.ts";

describe("parseTagList", () => {
  it("splits on commas, trims, drops empty and repeated tags", () => {
    expect(parseTagList(" sales, follow-up ,,Sales, q3 ")).toEqual(["sales", "follow-up", "q3"]);
    expect(parseTagList("")).toEqual([]);
  });
});

describe("collectTags", () => {
  it("lists each tag once, sorted", () => {
    expect(collectTags([{ tags: ["b", "a"] }, { tags: ["a", "c"] }, { tags: [] }])).toEqual(["a", "b", "c"]);
  });
});
