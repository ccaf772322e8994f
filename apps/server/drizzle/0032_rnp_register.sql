CREATE TABLE "rnp_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"registry_number" text NOT NULL,
	"law" text NOT NULL,
	"inn" text NOT NULL,
	"kpp" text,
	"name" text NOT NULL,
	"included_on" date NOT NULL,
	"excluded_on" date,
	"customer_name" text,
	"customer_inn" text,
	"purchase_number" text,
	"reason" text
);
--> statement-breakpoint
CREATE TABLE "rnp_loads" (
	"register" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"loaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"loaded_by" integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rnp_entries_number_uq" ON "rnp_entries" USING btree ("law","registry_number");--> statement-breakpoint
CREATE INDEX "rnp_entries_inn_idx" ON "rnp_entries" USING btree ("inn");