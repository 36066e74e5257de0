// Inbox → Reply opens Compose with the subject of the email answered, prefixed
// 'Re: ' once: a subject that already starts with Re: (any case, "RE:",
// "Re[2]:", "Re :") keeps its prefix rather than becoming "Re: Re: …".
const REPLY_PREFIX = /^re(\[\d+\])?\s*:/i;

export function replySubject(subject: string | null | undefined): string {
  const trimmed = (subject ?? "").trim();
  if (REPLY_PREFIX.test(trimmed)) return trimmed;
  return trimmed ? `Re: ${trimmed}` : "Re:";
}
