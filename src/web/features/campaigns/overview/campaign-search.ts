// The Campaigns overview's search: a campaign is shown when its name or its
// description contains the term, ignoring case and surrounding spaces.
export function matchesCampaignSearch(c: { name: string; description: string | null }, term: string): boolean {
  const t = term.trim().toLowerCase();
  if (!t) return true;
  return c.name.toLowerCase().includes(t) || (c.description ?? "").toLowerCase().includes(t);
}
