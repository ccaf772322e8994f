ALTER TABLE "eis_archives" ADD COLUMN "status" text DEFAULT 'imported' NOT NULL;--> statement-breakpoint
ALTER TABLE "eis_archives" ADD COLUMN "error" text;