CREATE TYPE "public"."audit_action" AS ENUM('CREATE', 'UPDATE', 'DELETE', 'READ');--> statement-breakpoint
CREATE TYPE "public"."privacy_level" AS ENUM('DOCTOR_ONLY', 'DOCTOR_MANAGER', 'DOCTOR_PATIENT_MANAGER');--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"user_id" integer NOT NULL,
	"role" "role",
	"action" "audit_action" NOT NULL,
	"record_id" integer NOT NULL,
	"patient_id" integer,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "records" (
	"id" serial PRIMARY KEY NOT NULL,
	"author_id" integer NOT NULL,
	"patient_id" integer,
	"privacy_level" "privacy_level" DEFAULT 'DOCTOR_ONLY' NOT NULL,
	"content" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "records" ADD CONSTRAINT "records_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_events_record_idx" ON "audit_events" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "records_author_created_idx" ON "records" USING btree ("author_id","created_at");--> statement-breakpoint
CREATE INDEX "records_patient_created_idx" ON "records" USING btree ("patient_id","created_at");