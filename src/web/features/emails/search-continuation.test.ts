import { describe, expect, it } from "vitest";
import { MAX_AUTO_WINDOWS, shouldSearchFurther } from "./search-continuation.ts";

const base = {
  searching: true,
  hasNextPage: true,
  isFetching: false,
  lastPageCount: 0,
  pageSize: 50,
  autoFetched: 0,
};

describe("shouldSearchFurther", () => {
  it("continues a search whose window ended before a page of matches", () => {
    expect(shouldSearchFurther(base)).toBe(true);
    expect(shouldSearchFurther({ ...base, lastPageCount: 49 })).toBe(true);
  });

  it("stops once a page is full: the user asks for more", () => {
    expect(shouldSearchFurther({ ...base, lastPageCount: 50 })).toBe(false);
  });

  it("stops at the end of the list, while fetching, and without a search", () => {
    expect(shouldSearchFurther({ ...base, hasNextPage: false })).toBe(false);
    expect(shouldSearchFurther({ ...base, isFetching: true })).toBe(false);
    expect(shouldSearchFurther({ ...base, searching: false })).toBe(false);
  });

  it("fetches at most MAX_AUTO_WINDOWS windows by itself", () => {
    expect(shouldSearchFurther({ ...base, autoFetched: MAX_AUTO_WINDOWS - 1 })).toBe(true);
    expect(shouldSearchFurther({ ...base, autoFetched: MAX_AUTO_WINDOWS })).toBe(false);
  });
});
