CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_psychologist_no_overlap"
  EXCLUDE USING gist ("psychologist_id" WITH =, "date" WITH =, int4range("start_minute", "end_minute") WITH &&)
  WHERE ("status" = 'CONFIRMED');
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_patient_no_overlap"
  EXCLUDE USING gist ("patient_id" WITH =, "date" WITH =, int4range("start_minute", "end_minute") WITH &&)
  WHERE ("status" = 'CONFIRMED');
--> statement-breakpoint
ALTER TABLE "schedule_slots" ADD CONSTRAINT "schedule_slots_minutes_check"
  CHECK ("start_minute" >= 0 AND "end_minute" <= 1440 AND "start_minute" < "end_minute");
--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_minutes_check"
  CHECK ("start_minute" >= 0 AND "end_minute" <= 1440 AND "start_minute" < "end_minute");
