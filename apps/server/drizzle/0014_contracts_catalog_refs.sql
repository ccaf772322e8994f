ALTER TABLE "contracts" ADD COLUMN "procurement_method_id" integer;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "price_method_id" integer;