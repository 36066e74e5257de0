// /auth and the public booking pages render without tailwind-merge (src/web/lib/cn.ts):
// a class list there must mean the same whether merged or not, else which of
// two conflicting utilities wins depends on the stylesheet's order.
import type { Page } from "playwright-core";
import { twMerge } from "tailwind-merge";
import { expect } from "vitest";

/** Fails with the elements whose classes tailwind-merge would drop (a conflict) on the page as shown now. */
export async function expectNoClassConflicts(page: Page, where: string): Promise<void> {
  const lists = (await page.evaluate(
    `[...document.querySelectorAll("[class]")].map((el) => el.getAttribute("class") ?? "")`,
  )) as string[];
  expect(lists.length, `${where}: elements with classes`).toBeGreaterThan(10);
  const conflicts = lists.flatMap((list) => {
    const kept = new Set(twMerge(list).split(/\s+/));
    const dropped = [...new Set(list.split(/\s+/).filter(Boolean))].filter((c) => !kept.has(c));
    return dropped.length ? [`${list} → drops ${dropped.join(" ")}`] : [];
  });
  expect(conflicts, `${where}: classes that rely on merging`).toEqual([]);
}
