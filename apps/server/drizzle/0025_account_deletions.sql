ALTER TYPE "public"."audit_action" ADD VALUE 'DATA_EXPORT';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'ACCOUNT_DELETE';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'RECORDS_PURGE';--> statement-breakpoint
CREATE TABLE "account_deletions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"role" "role",
	"requested_at" timestamp with time zone NOT NULL,
	"erased_at" timestamp with time zone,
	"purge_after" timestamp with time zone NOT NULL,
	"purged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_user_idx" ON "account_deletions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("purge_after") WHERE "account_deletions"."purged_at" IS NULL;