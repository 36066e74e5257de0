// What the user types in the link box → an href the stored-HTML allow-list
// keeps. People type "acme.com" or an address; mail needs absolute links.
import { isAllowedHref } from "#shared/sequences/email-html-policy.ts";

export function normalizeLinkInput(input: string): string | null {
  const value = input.trim();
  if (!value || /\s/.test(value.replace(/^\{\{\s*|\s*\}\}$/g, ""))) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("{{")) return isAllowedHref(value) ? value : null;
  if (/^[^@/]+@[^@/]+\.[^@/]+$/.test(value)) return `mailto:${value}`;
  if (value.startsWith("/")) return null;
  return `https://${value}`;
}
