CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "price_watches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"subject_key" text NOT NULL,
	"title" jsonb NOT NULL,
	"plan" jsonb NOT NULL,
	"travelers" integer NOT NULL,
	"party" jsonb,
	"bucket_item_id" uuid,
	"threshold_percent" integer NOT NULL,
	"max_budget" numeric(14, 2) NOT NULL,
	"budget_currency" text NOT NULL,
	"currency" text NOT NULL,
	"market_price" numeric(14, 2) NOT NULL,
	"current_price" numeric(14, 2),
	"last_checked_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_alert_at" timestamp with time zone,
	"last_alert_price" numeric(14, 2),
	"claim_id" text,
	"claim_until" timestamp with time zone,
	"booking_id" uuid,
	"ended_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watch_bookings" (
	"watch_id" uuid NOT NULL,
	"drop_id" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text NOT NULL,
	"booking_id" uuid,
	"failure" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "watch_bookings_watch_id_drop_id_pk" PRIMARY KEY("watch_id","drop_id")
);
--> statement-breakpoint
CREATE TABLE "watch_prices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"watch_id" uuid NOT NULL,
	"checked_on" date NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"market_price" numeric(14, 2) NOT NULL,
	"quote_ids" jsonb NOT NULL,
	CONSTRAINT "watch_prices_day_amount" UNIQUE("watch_id","checked_on","amount")
);
--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notifications" ADD CONSTRAINT "user_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_watches" ADD CONSTRAINT "price_watches_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_bookings" ADD CONSTRAINT "watch_bookings_watch_id_price_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."price_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_bookings" ADD CONSTRAINT "watch_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watch_prices" ADD CONSTRAINT "watch_prices_watch_id_price_watches_id_fk" FOREIGN KEY ("watch_id") REFERENCES "public"."price_watches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_idx" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_notifications_dedupe_idx" ON "user_notifications" USING btree ("user_id","dedupe_key");--> statement-breakpoint
CREATE INDEX "user_notifications_user_time_idx" ON "user_notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "price_watches_due_idx" ON "price_watches" USING btree ("next_check_at") WHERE "price_watches"."status" = 'active';--> statement-breakpoint
CREATE INDEX "price_watches_user_idx" ON "price_watches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "price_watches_live_subject_idx" ON "price_watches" USING btree ("user_id","subject_key") WHERE "price_watches"."status" in ('active', 'paused', 'booking');--> statement-breakpoint
CREATE UNIQUE INDEX "watch_bookings_one_live_idx" ON "watch_bookings" USING btree ("watch_id") WHERE "watch_bookings"."status" in ('claimed', 'booked');--> statement-breakpoint
CREATE INDEX "watch_prices_watch_time_idx" ON "watch_prices" USING btree ("watch_id","checked_at");