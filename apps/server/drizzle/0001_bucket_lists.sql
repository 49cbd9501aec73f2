CREATE TABLE "bucket_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"country" text NOT NULL,
	"category" text NOT NULL,
	"priority" text NOT NULL,
	"estimated_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"best_time_to_visit" text DEFAULT '' NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"image_status" text DEFAULT 'ready' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bucket_list_shares" (
	"list_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bucket_list_shares_list_id_user_id_pk" PRIMARY KEY("list_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bucket_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bucket_items" ADD CONSTRAINT "bucket_items_list_id_bucket_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."bucket_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_list_shares" ADD CONSTRAINT "bucket_list_shares_list_id_bucket_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."bucket_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_list_shares" ADD CONSTRAINT "bucket_list_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bucket_lists" ADD CONSTRAINT "bucket_lists_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bucket_items_list_id_idx" ON "bucket_items" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "bucket_items_image_status_idx" ON "bucket_items" USING btree ("image_status");--> statement-breakpoint
CREATE INDEX "bucket_list_shares_user_id_idx" ON "bucket_list_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bucket_lists_owner_id_idx" ON "bucket_lists" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "bucket_lists_public_idx" ON "bucket_lists" USING btree ("is_public","updated_at");