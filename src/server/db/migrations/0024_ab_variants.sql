ALTER TABLE "campaigns" ADD COLUMN "ab_auto_winner" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_min_sends" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "ab_confidence" smallint DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sends" ADD COLUMN "variant_index" smallint;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD COLUMN "contact_rank" integer;--> statement-breakpoint
ALTER TABLE "scheduled_emails" ADD COLUMN "variant_index" smallint;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "ab_winner" smallint;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "ab_winner_mode" text;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "ab_winner_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_sequences" ADD COLUMN "ab_winner_reason" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ab_min_sends_check" CHECK ("campaigns"."ab_min_sends" between 1 and 100000);--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_ab_confidence_check" CHECK ("campaigns"."ab_confidence" between 80 and 99);--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_variants_check" CHECK (jsonb_typeof("email_sequences"."variants") = 'array' and jsonb_array_length("email_sequences"."variants") <= 4);--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_ab_winner_check" CHECK ("email_sequences"."ab_winner" between 0 and 4);--> statement-breakpoint
ALTER TABLE "email_sequences" ADD CONSTRAINT "email_sequences_ab_winner_mode_check" CHECK ("email_sequences"."ab_winner_mode" in ('auto', 'manual'));--> statement-breakpoint
-- Queue rows made before the A/B split get the rank their contact would have had
-- (the contacts of a campaign in the order they were added), so a variant added
-- to a running campaign splits its unsent rows evenly too.
UPDATE "scheduled_emails" se SET "contact_rank" = r.rank
FROM (SELECT ct.id, (row_number() OVER (PARTITION BY ct.campaign_id ORDER BY ct.created_at, ct.id) - 1)::int AS rank FROM "contacts" ct) r
WHERE r.id = se.contact_id;
