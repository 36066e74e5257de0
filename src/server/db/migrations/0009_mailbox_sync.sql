CREATE TABLE "mailbox_folders" (
	"sender_account_id" uuid NOT NULL,
	"folder" text NOT NULL,
	"uid_validity" bigint,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"cursor" text,
	CONSTRAINT "mailbox_folders_sender_account_id_folder_pk" PRIMARY KEY("sender_account_id","folder")
);
--> statement-breakpoint
CREATE TABLE "mailbox_messages" (
	"sender_account_id" uuid NOT NULL,
	"source_key" text NOT NULL,
	"user_id" text NOT NULL,
	"message_id" text,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_messages_sender_account_id_source_key_pk" PRIMARY KEY("sender_account_id","source_key"),
	CONSTRAINT "mailbox_messages_kind_check" CHECK ("mailbox_messages"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "mailbox_syncs" (
	"sender_account_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone DEFAULT now() NOT NULL,
	"requested_at" timestamp with time zone,
	"last_synced_at" timestamp with time zone,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"error_count" bigint DEFAULT 0 NOT NULL,
	"gmail_history_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "sender_account_id" uuid;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "kind" text DEFAULT 'reply' NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "reply_class" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "class_rule" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "class_corrected" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "in_reply_to" text;--> statement-breakpoint
ALTER TABLE "replies" ADD COLUMN "references_header" text;--> statement-breakpoint
ALTER TABLE "spam_emails" ADD COLUMN "sender_account_id" uuid;--> statement-breakpoint
ALTER TABLE "spam_emails" ADD COLUMN "folder" text;--> statement-breakpoint
ALTER TABLE "spam_emails" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "mailbox_folders" ADD CONSTRAINT "mailbox_folders_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_syncs" ADD CONSTRAINT "mailbox_syncs_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_syncs" ADD CONSTRAINT "mailbox_syncs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_messages_user_message_id_idx" ON "mailbox_messages" USING btree ("user_id","message_id") WHERE "mailbox_messages"."message_id" is not null;--> statement-breakpoint
CREATE INDEX "mailbox_syncs_due_idx" ON "mailbox_syncs" USING btree ("next_sync_at");--> statement-breakpoint
CREATE INDEX "mailbox_syncs_user_idx" ON "mailbox_syncs" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "spam_emails" ADD CONSTRAINT "spam_emails_sender_account_id_sender_accounts_id_fk" FOREIGN KEY ("sender_account_id") REFERENCES "public"."sender_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "replies_user_class_idx" ON "replies" USING btree ("user_id","reply_class","replied_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "replies_sender_account_idx" ON "replies" USING btree ("sender_account_id") WHERE "replies"."sender_account_id" is not null;--> statement-breakpoint
CREATE INDEX "spam_emails_sender_account_idx" ON "spam_emails" USING btree ("sender_account_id") WHERE "spam_emails"."sender_account_id" is not null;--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_kind_check" CHECK ("replies"."kind" in ('reply', 'auto_reply', 'bounce', 'unsubscribe', 'spam', 'ignored'));--> statement-breakpoint
ALTER TABLE "replies" ADD CONSTRAINT "replies_reply_class_check" CHECK ("replies"."reply_class" in ('interested', 'not_interested', 'meeting_request', 'out_of_office', 'unsubscribe_request', 'wrong_person', 'bounce', 'other'));