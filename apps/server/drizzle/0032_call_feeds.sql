CREATE TABLE "call_feeds" (
	"room_id" text NOT NULL,
	"feed_id" bigint NOT NULL,
	"user_id" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"seq" serial NOT NULL,
	CONSTRAINT "call_feeds_room_id_feed_id_pk" PRIMARY KEY("room_id","feed_id")
);
--> statement-breakpoint
ALTER TABLE "call_feeds" ADD CONSTRAINT "call_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "call_feeds_user_idx" ON "call_feeds" USING btree ("room_id","user_id","seq");