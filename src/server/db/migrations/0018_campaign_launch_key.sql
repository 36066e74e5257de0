ALTER TABLE "campaigns" ADD COLUMN "launch_key" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_user_launch_key_unique" ON "campaigns" USING btree ("user_id","launch_key");