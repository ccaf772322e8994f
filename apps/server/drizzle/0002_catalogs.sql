CREATE TABLE "catalog_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"type_code" integer,
	"subject_type" integer,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parent_id" integer,
	"company_id" integer,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_seed_marks" (
	"key" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tariffs" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"max_users" integer,
	"max_companies" integer,
	"max_contracts_per_year" integer,
	"price_per_month" numeric(14, 2) NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_entries" ADD CONSTRAINT "catalog_entries_parent_id_catalog_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_entries" ADD CONSTRAINT "catalog_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_entries_code_uq" ON "catalog_entries" USING btree ("kind",coalesce("type_code", 0),coalesce("subject_type", 0),coalesce("company_id", 0),"code");--> statement-breakpoint
CREATE INDEX "catalog_entries_view_idx" ON "catalog_entries" USING btree ("kind","type_code","subject_type","company_id");--> statement-breakpoint
CREATE INDEX "catalog_entries_parent_idx" ON "catalog_entries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "catalog_entries_company_idx" ON "catalog_entries" USING btree ("company_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_code_uq" ON "tariffs" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "tariffs_name_uq" ON "tariffs" USING btree ("name");