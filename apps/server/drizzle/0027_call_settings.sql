CREATE TABLE "call_settings" (
	"psychologist_id" integer PRIMARY KEY NOT NULL,
	"waiting_room" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "call_settings" ADD CONSTRAINT "call_settings_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;