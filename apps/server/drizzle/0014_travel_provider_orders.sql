CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"step" text NOT NULL,
	"step_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"source" text NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"destination" text NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"traveler_count" integer NOT NULL,
	"travelers" jsonb NOT NULL,
	"contact" jsonb NOT NULL,
	"special_requests" text,
	"items" jsonb NOT NULL,
	"total_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"display" jsonb,
	"payment_method_id" text NOT NULL,
	"payment_id" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_brand" text,
	"payment_last4" text,
	"payment_action" jsonb,
	"failure_code" text,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"free_cancellation_until" timestamp with time zone,
	"cancel_key" text,
	"refund_minor" bigint,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_reference_unique" UNIQUE("reference"),
	CONSTRAINT "bookings_user_idempotency_key" UNIQUE("user_id","idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "travel_provider_orders" DROP CONSTRAINT "travel_provider_orders_reference";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_user_start" ON "bookings" USING btree ("user_id","start_date");--> statement-breakpoint
CREATE INDEX "bookings_unfinished" ON "bookings" USING btree ("status","step_at");--> statement-breakpoint
CREATE UNIQUE INDEX "travel_provider_orders_offline_reference" ON "travel_provider_orders" USING btree ("reference") WHERE "travel_provider_orders"."provider" = 'offline';