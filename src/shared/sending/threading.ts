// Follow-ups answer step 1 in the same thread: In-Reply-To and References carry
// step 1's Message-ID, and a step without its own subject goes out as
// "Re: <step 1's subject>", which is how mail clients group a conversation.

/** The lower-cased domain of an address ("Jane@Acme.test" → "acme.test"), or "" without one. */
export function addressDomain(email: string): string {
  const at = email.lastIndexOf("@");
  return at >= 0
    ? email
        .slice(at + 1)
        .trim()
        .toLowerCase()
    : "";
}

/**
 * A Message-ID "<unique@sender-domain>". The sender's domain (not ours) keeps
 * the header consistent with the From address, which spam filters look at.
 */
export function formatMessageId(unique: string, senderEmail: string): string {
  return `<${unique}@${addressDomain(senderEmail) || "coldreach.local"}>`;
}

/**
 * A follow-up's subject: its own when it has one (merge tags still to fill),
 * else "Re: " and the subject step 1 was sent with (already filled). One "Re: "
 * only, even when step 1's subject already starts with one.
 */
export function followUpSubject(ownSubject: string, firstSubject: string): string {
  if (ownSubject.trim()) return ownSubject;
  return /^\s*re:/i.test(firstSubject) ? firstSubject.trim() : `Re: ${firstSubject.trim()}`;
}

/** Threading headers answering step 1's Message-ID. */
export function threadHeaders(firstMessageId: string): { inReplyTo: string; references: string[] } {
  return { inReplyTo: firstMessageId, references: [firstMessageId] };
}
