-- Group programs' notifications: their kinds, and the group session a notification is about (moved, canceled, a reminder).
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_JOINED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_SESSION_MOVED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_SESSION_CANCELED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_REMINDER_24H';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_REMINDER_1H';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_LEFT';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_REMOVED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE IF NOT EXISTS 'GROUP_ENDED';--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_session_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_session_id_group_sessions_id_fk" FOREIGN KEY ("group_session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_group_session_idx" ON "notifications" USING btree ("group_session_id") WHERE "notifications"."group_session_id" IS NOT NULL;