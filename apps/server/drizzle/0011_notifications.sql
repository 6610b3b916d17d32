CREATE TYPE "public"."mail_state" AS ENUM('PENDING', 'SENT', 'SKIPPED');--> statement-breakpoint
CREATE TYPE "public"."notification_kind" AS ENUM('BOOKED', 'CANCELED', 'RESCHEDULED', 'REMINDER_24H', 'REMINDER_1H', 'NO_SHOW', 'MESSAGE');--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" "notification_kind" NOT NULL,
	"appointment_id" integer,
	"key" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sender_id" integer,
	"message" "bytea",
	"message_key_version" integer,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"mail" "mail_state" DEFAULT 'PENDING' NOT NULL,
	"mail_claimed_until" timestamp with time zone,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "notifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "scheduled_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Sessions booked before reminders existed count as scheduled when they were booked.
UPDATE "appointments" SET "scheduled_at" = "created_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "change_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_appointment_idx" ON "notifications" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "notifications_sender_created_idx" ON "notifications" USING btree ("sender_id","created_at") WHERE "notifications"."sender_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_mail_waiting_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."mail" = 'PENDING';--> statement-breakpoint
CREATE INDEX "appointments_confirmed_starts_idx" ON "appointments" USING btree ("starts_at") WHERE "appointments"."status" = 'CONFIRMED';