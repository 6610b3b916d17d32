CREATE TYPE "public"."measure_instrument" AS ENUM('PHQ9', 'GAD7');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'MEASURE_READ' BEFORE 'USER_ENABLE';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'RISK_ALERT';--> statement-breakpoint
CREATE TABLE "measures" (
	"id" serial PRIMARY KEY NOT NULL,
	"patient_id" integer NOT NULL,
	"instrument" "measure_instrument" NOT NULL,
	"content" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "measures" ADD CONSTRAINT "measures_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "measures_patient_created_idx" ON "measures" USING btree ("patient_id","created_at","id");