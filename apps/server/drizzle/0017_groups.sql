CREATE TABLE "group_bookings" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL,
	"booked_by" uuid,
	"member_count" integer NOT NULL,
	"shares" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"invited_by" uuid NOT NULL,
	"channel" text NOT NULL,
	"address_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_by" uuid,
	"accepted_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_invite_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_plan_picks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"marker" text NOT NULL,
	"quote_id" text NOT NULL,
	"offer" jsonb NOT NULL,
	"picked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	"booking_id" uuid
);
--> statement-breakpoint
CREATE TABLE "group_plan_votes" (
	"pick_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"vote" text NOT NULL,
	"voted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_plan_votes_pick_id_user_id_pk" PRIMARY KEY("pick_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "client_id" text;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "card" jsonb;--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "role" text DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "group_bookings" ADD CONSTRAINT "group_bookings_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_bookings" ADD CONSTRAINT "group_bookings_booked_by_users_id_fk" FOREIGN KEY ("booked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD CONSTRAINT "group_invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_codes" ADD CONSTRAINT "group_invite_codes_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_invite_codes" ADD CONSTRAINT "group_invite_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_picks" ADD CONSTRAINT "group_plan_picks_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_picks" ADD CONSTRAINT "group_plan_picks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_votes" ADD CONSTRAINT "group_plan_votes_pick_id_group_plan_picks_id_fk" FOREIGN KEY ("pick_id") REFERENCES "public"."group_plan_picks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_plan_votes" ADD CONSTRAINT "group_plan_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_bookings_conversation" ON "group_bookings" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "group_invitations_token_hash" ON "group_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "group_invitations_conversation" ON "group_invitations" USING btree ("conversation_id","address_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "group_invite_codes_code_hash" ON "group_invite_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "group_invite_codes_conversation" ON "group_invite_codes" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "group_plan_picks_current" ON "group_plan_picks" USING btree ("conversation_id","slot") WHERE "group_plan_picks"."replaced_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_id" ON "chat_messages" USING btree ("conversation_id","user_id","client_id") WHERE "chat_messages"."client_id" is not null;