CREATE TABLE "price_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject_key" text NOT NULL,
	"provider" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"currency" text NOT NULL,
	"quoted_on" date NOT NULL,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_history_subject_day_amount" UNIQUE("subject_key","quoted_on","amount")
);
--> statement-breakpoint
CREATE TABLE "travel_preferences" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"home_airport" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "travel_quotes" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"offer" jsonb NOT NULL,
	"amount" numeric(14, 2),
	"currency" text NOT NULL,
	"quoted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "travel_preferences" ADD CONSTRAINT "travel_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_history_subject_time" ON "price_history" USING btree ("subject_key","quoted_at");--> statement-breakpoint
CREATE INDEX "travel_quotes_quoted_at" ON "travel_quotes" USING btree ("quoted_at");