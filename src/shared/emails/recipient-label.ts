// The Emails screen's 'To:' (docs/product.md §4.2): the contact's full name when it
// has both a first and a last name, else the address.

export function recipientLabel(r: { firstName: string | null; lastName: string | null; toEmail: string }): string {
  const first = r.firstName?.trim();
  const last = r.lastName?.trim();
  return first && last ? `${first} ${last}` : r.toEmail;
}
