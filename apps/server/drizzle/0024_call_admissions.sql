CREATE TABLE "call_admissions" (
	"room_id" text NOT NULL,
	"user_id" integer NOT NULL,
	"admitted_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "call_admissions_room_id_user_id_pk" PRIMARY KEY("room_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "call_endings" (
	"room_id" text PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_admissions" ADD CONSTRAINT "call_admissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;