DROP INDEX "appointments_psychologist_date_idx";--> statement-breakpoint
DROP INDEX "appointments_confirmed_slot_idx";--> statement-breakpoint
CREATE INDEX "appointments_slot_cover_idx" ON "appointments" USING btree ("psychologist_id","date","start_minute","end_minute","status");--> statement-breakpoint
CREATE INDEX "users_psychologist_name_idx" ON "users" USING btree ("first_name","last_name","id") WHERE "users"."role" = 'PSYCHOLOGIST';