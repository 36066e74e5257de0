// Where the mailbox sync reads a sender's mail from: IMAP (imap-source.ts),
// the Gmail API (gmail-source.ts) or, in capture mode, the capture server's
// store (capture-source.ts). The sync engine (mailbox/mailbox-sync.ts) knows only
// this interface: it keeps each folder's position, decides which messages it
// wants from their headers, and processes what the source fetched.

/** Where a folder's sync stopped: IMAP UIDVALIDITY + last UID; other sources a cursor. */
export type FolderState = {
  folder: string;
  uidValidity: number | null;
  lastUid: number;
  cursor: string | null;
};

/** A message's headers, fetched first (bodies only for the messages the engine wants). */
export type MessageHeaders = {
  /** Unique within the mailbox and stable: "INBOX:1712345:42", "gmail:18c…", "capture:<uuid>". */
  sourceKey: string;
  folder: string;
  /** The folder is Junk/Spam (special-use \Junk, or its usual names): every message in it is spam. */
  spam: boolean;
  /** Header names lower-cased. */
  headers: Record<string, string>;
};

export type FetchedMessage = MessageHeaders & {
  /** The whole message (RFC 5322). */
  raw: Buffer;
  gmailThreadId?: string | null;
  /** When the mailbox received it (IMAP INTERNALDATE, Gmail internalDate, capture time): a bad Date header's stand-in. */
  receivedAt?: Date | null;
  /**
   * The store is shared by every user with a sender of this address (capture
   * mode): the message is applied only by the user whose send it answers.
   */
  shared?: boolean;
};

export type SyncPass = {
  /** Each folder's stored position (by folder name); a folder missing here is read from `since`. */
  states: ReadonlyMap<string, FolderState>;
  /** The first sync of a folder reads only mail received since then. */
  since: Date;
  /** Of these headers, which messages to fetch whole (same order). */
  select(headers: MessageHeaders[]): Promise<boolean[]>;
  /**
   * The wanted messages of a chunk of one folder, with the folder's position
   * after that chunk. The engine stores both in one transaction, so a sync
   * that dies resumes after the last chunk it finished, never processing a
   * message twice (the engine also keeps a ledger by sourceKey). Each message
   * is applied on its own (a savepoint): one that cannot be applied is
   * recorded as skipped and the position moves past it, so this rejects only
   * when the database itself fails (the chunk is read again next time).
   */
  process(messages: FetchedMessage[], state: FolderState): Promise<void>;
};

export interface MailboxSource {
  /** Reads what is new in every folder the source watches. Rejects on a connection or login failure. */
  sync(pass: SyncPass): Promise<void>;
  /** Moves a spam message back to the inbox (IMAP MOVE, or Gmail's labels). */
  restore(message: { folder: string; sourceKey: string }): Promise<void>;
  close(): Promise<void>;
}

/**
 * A source's failure in words written for users (shown on the mail-sync card
 * and the sender's panel as they are); what the other side said, if anything,
 * rides on `cause` for the log only. Any other error a sync meets is shown as
 * a fixed sentence (mailbox/mailbox-sync-failures.ts).
 */
export class MailboxSourceError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "MailboxSourceError";
  }
}
