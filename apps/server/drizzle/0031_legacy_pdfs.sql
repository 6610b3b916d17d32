ALTER TABLE "verification_documents" ADD COLUMN "rewritten" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- PDFs stored before uploads were written anew keep whatever scripts they came with: they are written anew on first open.
UPDATE "verification_documents" SET "rewritten" = false WHERE "content_type" = 'application/pdf';
