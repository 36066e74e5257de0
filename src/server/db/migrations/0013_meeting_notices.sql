-- Booking mail owed for a meeting is recorded with the booking (or the cancel), so a process that dies before sending it leaves it for the worker's sweep.
ALTER TABLE "scheduled_meetings" ADD COLUMN "notices_pending" text;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "notices_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD COLUMN "notices_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "scheduled_meetings_notices_pending_idx" ON "scheduled_meetings" USING btree ("notices_claimed_at") WHERE "scheduled_meetings"."notices_pending" is not null;--> statement-breakpoint
ALTER TABLE "scheduled_meetings" ADD CONSTRAINT "scheduled_meetings_notices_pending_check" CHECK ("scheduled_meetings"."notices_pending" in ('booked', 'cancelled'));