// cn() joins class names; where tailwind-merge is installed (the signed-in
// app, see tailwind-merge.ts) it also lets later Tailwind utilities win over
// earlier conflicting ones, so a screen can override a ui/ component's classes.
// /auth and the public booking pages do not load it, to keep their first load
// small (docs/decisions/014-plain-fetches-and-class-merging-before-sign-in.md):
// what they render must not rely on merging, which their browser
// tests check (tests/e2e/support/class-conflicts.ts).
import { type ClassValue, clsx } from "clsx";

let merge: ((classes: string) => string) | undefined;

/** Makes cn() merge conflicting Tailwind classes from now on (tailwind-merge.ts). */
export function installClassMerge(merger: (classes: string) => string): void {
  merge = merger;
}

/** Joins class names and, where tailwind-merge is installed, lets later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  const classes = clsx(inputs);
  return merge ? merge(classes) : classes;
}
