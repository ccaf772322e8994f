CREATE TABLE "nmck_justifications" (
	"procurement_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"method" text DEFAULT 'market' NOT NULL,
	"applied_at" timestamp with time zone,
	"applied_by" integer,
	"document_values" jsonb,
	"document_hash" text,
	"document_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nmck_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"number" integer NOT NULL,
	"suppliers" jsonb NOT NULL,
	"terms" text,
	"answer_until" date,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nmck_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"procurement_id" integer NOT NULL,
	"lot_number" integer NOT NULL,
	"line_no" integer NOT NULL,
	"kind" text NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"includes_vat" boolean NOT NULL,
	"vat_rate" text NOT NULL,
	"source_date" date NOT NULL,
	"price_index" numeric(12, 6),
	"index_source" text,
	"note" text,
	"supplier_inn" text,
	"supplier_name" text,
	"file_id" integer,
	"request_id" integer,
	"contract_item_id" bigint,
	"contract_number" text,
	"registry_number" text,
	"url" text,
	"title" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_rule_versions" ADD COLUMN "nmck_settings" jsonb;--> statement-breakpoint
ALTER TABLE "nmck_justifications" ADD CONSTRAINT "nmck_justifications_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_justifications" ADD CONSTRAINT "nmck_justifications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_justifications" ADD CONSTRAINT "nmck_justifications_applied_by_users_id_fk" FOREIGN KEY ("applied_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_requests" ADD CONSTRAINT "nmck_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_requests" ADD CONSTRAINT "nmck_requests_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_requests" ADD CONSTRAINT "nmck_requests_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_request_id_nmck_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."nmck_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_contract_item_id_contract_items_id_fk" FOREIGN KEY ("contract_item_id") REFERENCES "public"."contract_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nmck_sources" ADD CONSTRAINT "nmck_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "nmck_requests_number_uq" ON "nmck_requests" USING btree ("procurement_id","number");--> statement-breakpoint
CREATE INDEX "nmck_sources_item_idx" ON "nmck_sources" USING btree ("procurement_id","lot_number","line_no");--> statement-breakpoint
CREATE INDEX "nmck_sources_request_idx" ON "nmck_sources" USING btree ("request_id") WHERE "nmck_sources"."request_id" is not null;--> statement-breakpoint
CREATE INDEX "nmck_sources_file_idx" ON "nmck_sources" USING btree ("file_id") WHERE "nmck_sources"."file_id" is not null;--> statement-breakpoint
CREATE INDEX "contract_items_okpd2_idx" ON "contract_items" USING btree ("okpd2_code" text_pattern_ops,"okei_code","contract_id");