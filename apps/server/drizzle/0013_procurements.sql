CREATE TABLE "procurement_document_outputs" (
	"id" serial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"documents_rule_id" integer NOT NULL,
	"version" integer NOT NULL,
	"docx_file_id" integer,
	"pdf_file_id" integer,
	"error" text,
	"missing" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"values" jsonb NOT NULL,
	"values_hash" text NOT NULL,
	"job_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"changed_fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"user_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_field_values" (
	"procurement_id" integer PRIMARY KEY NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"lot_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"name" text NOT NULL,
	"okpd2_code" text,
	"okei_code" text,
	"unit_name" text,
	"quantity" numeric(18, 3) NOT NULL,
	"unit_price" numeric(18, 2) NOT NULL,
	"vat_rate" text DEFAULT 'без НДС' NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_lots" (
	"id" serial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"number" integer NOT NULL,
	"subject" text NOT NULL,
	"nmcd" numeric(18, 2) NOT NULL,
	"plan_position_id" integer,
	"eis_guid" text
);
--> statement-breakpoint
CREATE TABLE "procurement_protocols" (
	"id" serial PRIMARY KEY NOT NULL,
	"procurement_id" integer NOT NULL,
	"kind" text NOT NULL,
	"final" boolean DEFAULT false NOT NULL,
	"signed_on" date NOT NULL,
	"published_on" date,
	"eis_registration_number" text,
	"eis_version" integer,
	"lot_number" integer,
	"winner_name" text,
	"winner_inn" text,
	"winner_price" numeric(18, 2),
	"applications" jsonb,
	"source" text DEFAULT 'manual' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurements" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"number" text NOT NULL,
	"eis_notice_number" text,
	"eis_version" integer,
	"eis_guid" text,
	"eis_url" text,
	"customer_id" integer,
	"customer_title" text,
	"customer_inn" text,
	"rule_version_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"subject" text NOT NULL,
	"subject_type" text DEFAULT 'goods' NOT NULL,
	"nmcd" numeric(18, 2) NOT NULL,
	"nmcd_method_id" integer,
	"nmcd_justification" text,
	"currency_code" text DEFAULT 'RUB' NOT NULL,
	"funding_source_id" integer,
	"plan_position_id" integer,
	"application_security" numeric(18, 2),
	"contract_security" numeric(18, 2),
	"sme_only" boolean DEFAULT false NOT NULL,
	"electronic" boolean DEFAULT true NOT NULL,
	"platform_name" text,
	"platform_url" text,
	"planned_publication_date" date,
	"published_on" date,
	"bids_deadline" date,
	"review_date" date,
	"summing_up_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"next_duty_due" date,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', "procurements"."subject")) STORED
);
--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "procurement_id" integer;--> statement-breakpoint
ALTER TABLE "procurement_document_outputs" ADD CONSTRAINT "procurement_document_outputs_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_document_outputs" ADD CONSTRAINT "procurement_document_outputs_documents_rule_id_procurement_documents_rules_id_fk" FOREIGN KEY ("documents_rule_id") REFERENCES "public"."procurement_documents_rules"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_document_outputs" ADD CONSTRAINT "procurement_document_outputs_docx_file_id_files_id_fk" FOREIGN KEY ("docx_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_document_outputs" ADD CONSTRAINT "procurement_document_outputs_pdf_file_id_files_id_fk" FOREIGN KEY ("pdf_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_document_outputs" ADD CONSTRAINT "procurement_document_outputs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_events" ADD CONSTRAINT "procurement_events_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_events" ADD CONSTRAINT "procurement_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_field_values" ADD CONSTRAINT "procurement_field_values_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_field_values" ADD CONSTRAINT "procurement_field_values_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_items" ADD CONSTRAINT "procurement_items_lot_id_procurement_lots_id_fk" FOREIGN KEY ("lot_id") REFERENCES "public"."procurement_lots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_lots" ADD CONSTRAINT "procurement_lots_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_lots" ADD CONSTRAINT "procurement_lots_plan_position_id_eis_plan_positions_id_fk" FOREIGN KEY ("plan_position_id") REFERENCES "public"."eis_plan_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_protocols" ADD CONSTRAINT "procurement_protocols_procurement_id_procurements_id_fk" FOREIGN KEY ("procurement_id") REFERENCES "public"."procurements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_rule_version_id_procurement_rule_versions_id_fk" FOREIGN KEY ("rule_version_id") REFERENCES "public"."procurement_rule_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_method_id_catalog_entries_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_nmcd_method_id_catalog_entries_id_fk" FOREIGN KEY ("nmcd_method_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_funding_source_id_catalog_entries_id_fk" FOREIGN KEY ("funding_source_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_plan_position_id_eis_plan_positions_id_fk" FOREIGN KEY ("plan_position_id") REFERENCES "public"."eis_plan_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurements" ADD CONSTRAINT "procurements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_document_outputs_version_uq" ON "procurement_document_outputs" USING btree ("procurement_id","documents_rule_id","version");--> statement-breakpoint
CREATE INDEX "procurement_document_outputs_docx_idx" ON "procurement_document_outputs" USING btree ("docx_file_id");--> statement-breakpoint
CREATE INDEX "procurement_document_outputs_pdf_idx" ON "procurement_document_outputs" USING btree ("pdf_file_id");--> statement-breakpoint
CREATE INDEX "procurement_events_procurement_idx" ON "procurement_events" USING btree ("procurement_id","at");--> statement-breakpoint
CREATE INDEX "procurement_items_lot_idx" ON "procurement_items" USING btree ("lot_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_lots_number_uq" ON "procurement_lots" USING btree ("procurement_id","number");--> statement-breakpoint
CREATE INDEX "procurement_protocols_procurement_idx" ON "procurement_protocols" USING btree ("procurement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_protocols_eis_uq" ON "procurement_protocols" USING btree ("procurement_id","eis_registration_number") WHERE "procurement_protocols"."eis_registration_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "procurements_number_uq" ON "procurements" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "procurements_notice_uq" ON "procurements" USING btree ("company_id","eis_notice_number") WHERE "procurements"."eis_notice_number" is not null;--> statement-breakpoint
CREATE INDEX "procurements_status_idx" ON "procurements" USING btree ("company_id","status","created_at");--> statement-breakpoint
CREATE INDEX "procurements_created_idx" ON "procurements" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "procurements_planned_idx" ON "procurements" USING btree ("company_id","planned_publication_date");--> statement-breakpoint
CREATE INDEX "procurements_search_idx" ON "procurements" USING gin ("search");--> statement-breakpoint
CREATE INDEX "procurements_plan_position_idx" ON "procurements" USING btree ("plan_position_id");--> statement-breakpoint
CREATE INDEX "procurements_rule_version_idx" ON "procurements" USING btree ("rule_version_id");--> statement-breakpoint
CREATE INDEX "contracts_procurement_idx" ON "contracts" USING btree ("procurement_id") WHERE "contracts"."procurement_id" is not null;