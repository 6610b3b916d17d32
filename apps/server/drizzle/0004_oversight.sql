ALTER TYPE "public"."audit_action" ADD VALUE 'USER_ENABLE';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'USER_DISABLE';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'PSYCHOLOGIST_VERIFY';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'PSYCHOLOGIST_UNVERIFY';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'MANAGER_ASSIGN';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'MANAGER_UNASSIGN';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'APPOINTMENT_CANCEL';--> statement-breakpoint
CREATE TABLE "manager_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"manager_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	"from" timestamp with time zone NOT NULL,
	"until" timestamp with time zone,
	CONSTRAINT "manager_assignments_period_check" CHECK ("manager_assignments"."until" is null or "manager_assignments"."until" >= "manager_assignments"."from")
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "record_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_review" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "patient_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "manager_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "appointment_id" integer;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manager_assignments_one_open_idx" ON "manager_assignments" USING btree ("patient_id") WHERE "manager_assignments"."until" is null;--> statement-breakpoint
CREATE INDEX "manager_assignments_manager_idx" ON "manager_assignments" USING btree ("manager_id","until");--> statement-breakpoint
CREATE INDEX "manager_assignments_patient_idx" ON "manager_assignments" USING btree ("patient_id","from");--> statement-breakpoint
CREATE INDEX "audit_events_user_at_idx" ON "audit_events" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "audit_events_subject_at_idx" ON "audit_events" USING btree ("subject_id","at");--> statement-breakpoint
-- Every psychologist was bookable before verification existed: those already here count as checked.
UPDATE "psychologist_profiles" SET "verified" = true;