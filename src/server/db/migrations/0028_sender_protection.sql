CREATE TABLE "sender_protection" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"paused_at" timestamp with time zone,
	"pause_reason" text,
	"pause_detail" text,
	"counts_from" timestamp with time zone,
	"bounce_rate_percent" real,
	"min_sends" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_protection_user_id_email_pk" PRIMARY KEY("user_id","email"),
	CONSTRAINT "sender_protection_pause_reason_check" CHECK ("sender_protection"."pause_reason" in ('bounce_rate', 'spam_complaints', 'unsubscribes')),
	CONSTRAINT "sender_protection_rate_check" CHECK ("sender_protection"."bounce_rate_percent" > 0 and "sender_protection"."bounce_rate_percent" <= 100),
	CONSTRAINT "sender_protection_min_sends_check" CHECK ("sender_protection"."min_sends" between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "sender_protection" ADD CONSTRAINT "sender_protection_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;