ALTER TABLE "records" ADD COLUMN "report_from" date;--> statement-breakpoint
ALTER TABLE "records" ADD COLUMN "report_to" date;