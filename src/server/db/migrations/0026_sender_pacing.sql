CREATE TABLE "sender_pacing" (
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"gap_min_seconds" integer DEFAULT 0 NOT NULL,
	"gap_max_seconds" integer DEFAULT 0 NOT NULL,
	"hourly_limit" integer,
	"ramp_enabled" boolean DEFAULT false NOT NULL,
	"ramp_start" integer DEFAULT 10 NOT NULL,
	"ramp_step" integer DEFAULT 5 NOT NULL,
	"ramp_started_on" date,
	"next_send_at" timestamp with time zone,
	"recent_sends" timestamp with time zone[] DEFAULT '{}' NOT NULL,
	"day" date,
	"day_sent" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_pacing_user_id_email_pk" PRIMARY KEY("user_id","email"),
	CONSTRAINT "sender_pacing_gap_check" CHECK ("sender_pacing"."gap_min_seconds" between 0 and 86400 and "sender_pacing"."gap_max_seconds" between "sender_pacing"."gap_min_seconds" and 86400),
	CONSTRAINT "sender_pacing_hourly_check" CHECK ("sender_pacing"."hourly_limit" between 1 and 500),
	CONSTRAINT "sender_pacing_ramp_check" CHECK ("sender_pacing"."ramp_start" between 1 and 500 and "sender_pacing"."ramp_step" between 0 and 500)
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "daily_new_contacts_limit" integer;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "new_contacts_day" date;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "new_contacts_started" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "stop_on_company_reply" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sender_pacing" ADD CONSTRAINT "sender_pacing_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_daily_new_contacts_limit_check" CHECK ("campaigns"."daily_new_contacts_limit" between 1 and 10000);