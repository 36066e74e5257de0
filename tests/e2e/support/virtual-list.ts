// Reading a virtualised list (src/web/components/virtual-list.tsx) the way a
// screen reader and a user see it: only the rows near the viewport are in the
// DOM, each saying the loaded total (aria-setsize) and its place (aria-posinset).
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { eventually } from "./browser.ts";

/** The list's own rows, not the lists inside them (an Inbox card's history). */
export const rowsOf = (list: Locator) => list.locator(":scope > li");

/** How many rows are loaded, as the rendered rows announce it. */
export async function loadedCount(list: Locator): Promise<number> {
  return Number(await rowsOf(list).first().getAttribute("aria-setsize"));
}

/**
 * Scrolls to the end of the loaded rows, as a reader going down would, until
 * the next page has arrived by itself (no click); returns the new loaded count.
 */
export async function scrollPastLoaded(list: Locator, before?: number): Promise<number> {
  // `before` from the caller when it has just read it: a page arriving between
  // the caller's read and a second one here would leave nothing more to load.
  before ??= await loadedCount(list);
  await eventually(async () => {
    await list.evaluate((ul) => ul.scrollIntoView({ block: "end" }));
    return loadedCount(list);
  }, `no page loaded past row ${before}`).toBeGreaterThan(before);
  return loadedCount(list);
}

/** Scrolls down until `total` rows are loaded, each page loading by itself; no 'Load more' is left. */
export async function scrollUntilLoaded(page: Page, list: Locator, total: number): Promise<void> {
  let loaded = await loadedCount(list);
  for (let steps = 0; loaded < total; steps++) {
    expect(steps, "more steps than rows").toBeLessThan(total);
    loaded = await scrollPastLoaded(list, loaded);
  }
  expect(loaded).toBe(total);
  expect(await page.getByRole("button", { name: "Load more" }).count()).toBe(0);
}

/**
 * Scrolls to the end of the list at once, as the End key would, until its last
 * row is rendered and in view (rows measured on the way can move the end).
 */
export async function scrollToEnd(list: Locator, total: number): Promise<void> {
  await scrollUntil(list, "end", rowsOf(list).last(), String(total));
}

/** Scrolls to the top of the list at once, as the Home key would. */
export async function scrollToStart(list: Locator): Promise<void> {
  await scrollUntil(list, "start", rowsOf(list).first(), "1");
}

async function scrollUntil(list: Locator, edge: "start" | "end", row: Locator, position: string) {
  await eventually(async () => {
    await list.evaluate((ul, block) => ul.scrollIntoView({ block }), edge);
    return row.getAttribute("aria-posinset");
  }, `row ${position} was not reached`).toBe(position);
  await row.scrollIntoViewIfNeeded();
}

/** Whether the whole of `locator` is inside the viewport. */
export async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const { height } = page.viewportSize()!;
  return box !== null && box.y >= 0 && box.y + box.height <= height;
}

type RowBox = { pos: number; top: number; bottom: number };

/**
 * The rendered rows follow one another without overlapping and without holes:
 * consecutive positions, `gap` px apart (rows are measured as they render).
 */
export async function expectStacked(list: Locator, gap: number): Promise<void> {
  const boxes = (): Promise<RowBox[]> =>
    rowsOf(list).evaluateAll((rows) =>
      rows.map((row) => {
        const r = row.getBoundingClientRect();
        return { pos: Number(row.getAttribute("aria-posinset")), top: r.top, bottom: r.bottom };
      }),
    );
  const problems = async () => {
    const found: string[] = [];
    const all = await boxes();
    for (let i = 1; i < all.length; i++) {
      const [a, b] = [all[i - 1]!, all[i]!];
      if (b.pos !== a.pos + 1) found.push(`row ${b.pos} follows row ${a.pos}`);
      else if (Math.abs(b.top - a.bottom - gap) > 1)
        found.push(`${b.top - a.bottom}px between rows ${a.pos} and ${b.pos}`);
    }
    return found;
  };
  await eventually(problems, "rows overlap or leave holes").toEqual([]);
}

/**
 * The position in the list of the row holding the keyboard focus, 0 when the
 * focus is outside the list's rows. The outermost row: an Inbox card holds a
 * virtualised list of its own.
 */
export async function focusedRow(page: Page): Promise<number> {
  const row = page.locator("li[aria-posinset]:has(:focus)").first();
  return (await row.count()) === 0 ? 0 : Number(await row.getAttribute("aria-posinset"));
}

/** Presses Tab `presses` times and returns the focused row's position after each press. */
export async function tabThroughRows(page: Page, presses: number): Promise<number[]> {
  const positions: number[] = [];
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    positions.push(await focusedRow(page));
  }
  return positions;
}
