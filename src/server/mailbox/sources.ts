// Which sources a mailbox is read from: in capture mode the capture store
// (where replies to captured mail land), and the sender's own mailbox when it
// has one: IMAP (its IMAP host, signing in with its SMTP credentials unless it
// has IMAP ones) or the Gmail API for a Gmail-connected sender.
import type { Config } from "../config.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Db } from "../db/client.ts";
import type { MailboxRow } from "../jobs/mailbox-sync.ts";
import type { Logger } from "../logger.ts";
import { createCaptureSource } from "./capture-source.ts";
import { createImapSource } from "./imap-source.ts";
import type { MailboxSource } from "./mailbox-source.ts";

export type MailboxSources = {
  sourcesFor(mailbox: MailboxRow): MailboxSource[];
  /** The source that holds a folder's messages (for Restore), if the mailbox still has it. */
  sourceForFolder(mailbox: MailboxRow, folder: string): MailboxSource | undefined;
};

export function createMailboxSources(opts: {
  db: Db;
  config: Config;
  secrets: SecretBox;
  log: Logger;
}): MailboxSources {
  const capture = (m: MailboxRow) => createCaptureSource({ db: opts.db, senderEmail: m.email });
  return {
    sourcesFor(m) {
      const list: MailboxSource[] = [];
      if (opts.config.mailDelivery === "capture") list.push(capture(m));
      return list;
    },
    sourceForFolder(m, folder) {
      if (folder === "capture") return capture(m);
      return undefined;
    },
  };
}
