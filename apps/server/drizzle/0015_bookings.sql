DROP INDEX "bookings_unfinished";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "nights" integer NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_step" ON "bookings" USING btree ("step","step_at");