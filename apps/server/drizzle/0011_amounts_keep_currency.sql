ALTER TABLE "bucket_items" ADD COLUMN "cost_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "budget_settings" ADD COLUMN "budget_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- Amounts stored before they had a currency were typed on a screen showing the person's
-- Settings currency (USD when they never chose one): that is the currency they were meant in.
UPDATE "budget_settings" SET "budget_currency" = "user_settings"."currency"
  FROM "user_settings"
  WHERE "user_settings"."user_id" = "budget_settings"."user_id"
    AND "user_settings"."currency" IS NOT NULL;--> statement-breakpoint
UPDATE "bucket_items" SET "cost_currency" = "user_settings"."currency"
  FROM "bucket_lists", "user_settings"
  WHERE "bucket_lists"."id" = "bucket_items"."list_id"
    AND "user_settings"."user_id" = "bucket_lists"."owner_id"
    AND "user_settings"."currency" IS NOT NULL;
