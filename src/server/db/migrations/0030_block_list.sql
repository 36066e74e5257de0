CREATE TABLE "block_list" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_list_kind_check" CHECK ("block_list"."kind" in ('address', 'domain')),
	CONSTRAINT "block_list_source_check" CHECK ("block_list"."source" in ('manual', 'import'))
);
--> statement-breakpoint
ALTER TABLE "block_list" ADD CONSTRAINT "block_list_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "block_list_user_value_unique" ON "block_list" USING btree ("user_id","value");--> statement-breakpoint
CREATE INDEX "block_list_user_created_idx" ON "block_list" USING btree ("user_id","created_at" DESC NULLS FIRST);