import { describe, expect, it } from "vitest";
import { LOAD_AHEAD_ROWS, type LoadOnScrollState, shouldLoadOnScroll } from "./use-load-on-scroll.ts";

const at = (over: Partial<LoadOnScrollState>): LoadOnScrollState => ({
  lastVisible: 49,
  loaded: 50,
  hasNextPage: true,
  isFetching: false,
  failed: false,
  ...over,
});

describe("shouldLoadOnScroll", () => {
  it("loads when the last row in view is within the rows ahead of the end", () => {
    expect(shouldLoadOnScroll(at({ lastVisible: 49 }))).toBe(true);
    expect(shouldLoadOnScroll(at({ lastVisible: 49 - LOAD_AHEAD_ROWS }))).toBe(true);
    expect(shouldLoadOnScroll(at({ lastVisible: 48 - LOAD_AHEAD_ROWS }))).toBe(false);
    expect(shouldLoadOnScroll(at({ lastVisible: 0 }))).toBe(false);
  });

  it("loads when all the loaded rows fit in view (a short first page)", () => {
    expect(shouldLoadOnScroll(at({ lastVisible: 2, loaded: 3 }))).toBe(true);
  });

  it("never without a next page, while a fetch is under way, or after a failed page", () => {
    expect(shouldLoadOnScroll(at({ hasNextPage: false }))).toBe(false);
    expect(shouldLoadOnScroll(at({ isFetching: true }))).toBe(false);
    expect(shouldLoadOnScroll(at({ failed: true }))).toBe(false);
  });

  it("never before the list is laid out or while it is empty", () => {
    expect(shouldLoadOnScroll(at({ lastVisible: -1 }))).toBe(false);
    expect(shouldLoadOnScroll(at({ lastVisible: -1, loaded: 0 }))).toBe(false);
  });

  it("takes its own distance ahead", () => {
    expect(shouldLoadOnScroll(at({ lastVisible: 30, ahead: 19 }))).toBe(true);
    expect(shouldLoadOnScroll(at({ lastVisible: 30, ahead: 18 }))).toBe(false);
  });
});
