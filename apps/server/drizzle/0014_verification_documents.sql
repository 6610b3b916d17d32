CREATE TYPE "public"."document_kind" AS ENUM('DIPLOMA', 'LICENCE', 'CERTIFICATE');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'PSYCHOLOGIST_REJECT';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'DOCUMENT_READ';--> statement-breakpoint
CREATE TABLE "verification_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"psychologist_id" integer NOT NULL,
	"kind" "document_kind" NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"key_version" integer NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "verification_documents" ADD CONSTRAINT "verification_documents_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_documents_psychologist_idx" ON "verification_documents" USING btree ("psychologist_id","id");