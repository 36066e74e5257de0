// Disposable (throwaway) mail domains. The list itself (mailchecker's, 56,000
// domains) is the server's: it is too big for the client bundle, so it is
// passed in. A subdomain of a listed domain (x.yopmail.com) is disposable too.

/** Whether the domain or any of its parent domains is on the list. */
export function isDisposableDomain(domain: string, listed: (domain: string) => boolean): boolean {
  const labels = domain.toLowerCase().replace(/\.$/, "").split(".");
  for (let i = 0; i < labels.length - 1; i++) {
    if (listed(labels.slice(i).join("."))) return true;
  }
  return false;
}
