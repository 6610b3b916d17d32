ALTER TABLE "appointments" DROP COLUMN "date";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "start_minute";--> statement-breakpoint
ALTER TABLE "appointments" DROP COLUMN "end_minute";