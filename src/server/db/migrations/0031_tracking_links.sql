CREATE TABLE "link_clicks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"campaign_id" uuid,
	"email_send_id" uuid NOT NULL,
	"url" text NOT NULL,
	"first_clicked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_hosts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"domain" text NOT NULL,
	"host" text NOT NULL,
	"check_status" text DEFAULT 'pending' NOT NULL,
	"cname" text,
	"checked_at" timestamp with time zone,
	"verified_at" timestamp with time zone,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_hosts_check_status_check" CHECK ("tracking_hosts"."check_status" in ('pending', 'pass', 'not_found', 'wrong_target', 'lookup_failed'))
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_clicks" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "track_clicks" boolean;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "link_clicks" ADD CONSTRAINT "link_clicks_email_send_id_email_sends_id_fk" FOREIGN KEY ("email_send_id") REFERENCES "public"."email_sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_hosts" ADD CONSTRAINT "tracking_hosts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "link_clicks_send_url_unique" ON "link_clicks" USING btree ("email_send_id","url");--> statement-breakpoint
CREATE INDEX "link_clicks_campaign_idx" ON "link_clicks" USING btree ("campaign_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_hosts_user_domain_unique" ON "tracking_hosts" USING btree ("user_id","domain") WHERE "tracking_hosts"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "tracking_hosts_host_idx" ON "tracking_hosts" USING btree ("host");--> statement-breakpoint
CREATE INDEX "tracking_hosts_checked_idx" ON "tracking_hosts" USING btree ("checked_at");