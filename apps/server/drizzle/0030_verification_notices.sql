ALTER TYPE "public"."notification_kind" ADD VALUE 'VERIFIED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'VERIFICATION_REJECTED';--> statement-breakpoint
ALTER TYPE "public"."notification_kind" ADD VALUE 'VERIFICATION_WITHDRAWN';