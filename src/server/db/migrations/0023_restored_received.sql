ALTER TABLE "mailbox_messages" DROP CONSTRAINT "mailbox_messages_kind_check";--> statement-breakpoint
ALTER TABLE "replies" DROP CONSTRAINT "replies_kind_check";--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_kind_check" CHECK ("mailbox_messages"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored', 'received', 'unmatched', 'skipped'));--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_kind_check" CHECK ("replies"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored', 'received'));