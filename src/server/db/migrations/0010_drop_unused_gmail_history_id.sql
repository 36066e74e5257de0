-- The Gmail source keeps its history id in mailbox_folders.cursor (folder "gmail"); this column was never read.
ALTER TABLE "mailbox_syncs" DROP COLUMN "gmail_history_id";