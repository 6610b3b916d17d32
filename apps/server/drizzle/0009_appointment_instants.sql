CREATE TYPE "public"."schedule_exception_kind" AS ENUM('BLOCK', 'SLOT');--> statement-breakpoint
CREATE TABLE "schedule_exceptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"psychologist_id" integer NOT NULL,
	"kind" "schedule_exception_kind" NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"start_minute" integer,
	"end_minute" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "appointments_patient_date_idx";--> statement-breakpoint
DROP INDEX "appointments_slot_cover_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
-- Existing appointments were wall-clock times of the platform's zone (TIME_ZONE, which the migrating process sets as
-- rozmova.platform_time_zone). Each becomes the instant that wall clock showed; it keeps its length in real minutes.
UPDATE "appointments" SET
  "starts_at" = ("date" + "start_minute" * interval '1 minute')
    AT TIME ZONE coalesce(nullif(current_setting('rozmova.platform_time_zone', true), ''), 'Europe/Kyiv'),
  "ends_at" = ("date" + "start_minute" * interval '1 minute')
    AT TIME ZONE coalesce(nullif(current_setting('rozmova.platform_time_zone', true), ''), 'Europe/Kyiv')
    + ("end_minute" - "start_minute") * interval '1 minute';--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_psychologist_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_patient_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_minutes_check";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_instants_check" CHECK ("starts_at" < "ends_at");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_psychologist_no_overlap"
  EXCLUDE USING gist ("psychologist_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'CONFIRMED');--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
  WHERE ("status" = 'CONFIRMED');--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_shape_check" CHECK (
  "start_date" <= "end_date" AND (
    ("kind" = 'BLOCK' AND "start_minute" IS NULL AND "end_minute" IS NULL) OR
    ("kind" = 'SLOT' AND "start_date" = "end_date" AND "start_minute" >= 0 AND "end_minute" <= 1440 AND "start_minute" < "end_minute")));--> statement-breakpoint
ALTER TABLE "schedule_exceptions" ADD CONSTRAINT "schedule_exceptions_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "schedule_exceptions_psychologist_idx" ON "schedule_exceptions" USING btree ("psychologist_id","end_date");--> statement-breakpoint
CREATE INDEX "appointments_patient_starts_idx" ON "appointments" USING btree ("patient_id","starts_at");--> statement-breakpoint
CREATE INDEX "appointments_slot_cover_idx" ON "appointments" USING btree ("psychologist_id","starts_at","ends_at","status");