CREATE TABLE "call_chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"from_peer" text NOT NULL,
	"sender_first_name" text NOT NULL,
	"sender_last_name" text NOT NULL,
	"sender_email" text NOT NULL,
	"content" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_chat_messages" ADD CONSTRAINT "call_chat_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_chat_messages_room_idx" ON "call_chat_messages" USING btree ("room_id","sent_at");--> statement-breakpoint
CREATE INDEX "call_chat_messages_expiry_idx" ON "call_chat_messages" USING btree ("expires_at");