CREATE TABLE "files" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer,
	"purpose" text NOT NULL,
	"name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"sha256" text NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"upload_file_name" text NOT NULL,
	"file_ids" jsonb NOT NULL,
	"file_sha256" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"job_id" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"import_id" bigint,
	"file_name" text NOT NULL,
	"natural_key" text NOT NULL,
	"direction" text NOT NULL,
	"kind" text,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"date_debited" date,
	"date_credited" date,
	"payer_name" text,
	"payer_inn" text,
	"payer_kpp" text,
	"payer_account" text,
	"payer_bik" text,
	"payer_bank" text,
	"payee_name" text,
	"payee_inn" text,
	"payee_kpp" text,
	"payee_account" text,
	"payee_bik" text,
	"payee_bank" text,
	"purpose" text NOT NULL,
	"payment_type" text,
	"operation_type" text,
	"priority" text,
	"uin" text,
	"budget" jsonb,
	"contract_id" integer,
	"status" text NOT NULL,
	"match_confidence" numeric(4, 3),
	"match_reason" text,
	"event_id" bigint,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "performance_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"contract_id" integer NOT NULL,
	"guid" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"data" jsonb,
	"error" text,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "upd_documents" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"import_id" bigint,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"natural_key" text NOT NULL,
	"kind" text NOT NULL,
	"function" text NOT NULL,
	"format_version" text NOT NULL,
	"file_ident" text NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"correction_number" text DEFAULT '' NOT NULL,
	"correction_date" date,
	"currency_code" text NOT NULL,
	"seller_inn" text NOT NULL,
	"seller_kpp" text,
	"seller_name" text NOT NULL,
	"buyer_inn" text NOT NULL,
	"buyer_kpp" text,
	"buyer_name" text NOT NULL,
	"gov_contract_id" text,
	"bases" jsonb NOT NULL,
	"corrected_invoices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_without_vat" numeric(18, 2),
	"total_vat" numeric(18, 2),
	"total_with_vat" numeric(18, 2),
	"contract_id" integer,
	"contract_reason" text,
	"error" text,
	"status" text NOT NULL,
	"supersedes_id" bigint,
	"event_id" bigint,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upd_line_mappings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"upd_line_id" bigint NOT NULL,
	"contract_item_id" bigint,
	"confidence" numeric(4, 3),
	"status" text NOT NULL,
	"quantity" numeric NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"reason" text,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "upd_lines" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"document_id" bigint NOT NULL,
	"line_no" integer NOT NULL,
	"name" text NOT NULL,
	"okei" text,
	"unit_name" text,
	"quantity" numeric,
	"price" numeric,
	"sum_without_vat" numeric(18, 2),
	"vat_rate" text NOT NULL,
	"vat_sum" numeric(18, 2),
	"sum_with_vat" numeric(18, 2),
	"quantity_before" numeric,
	"sum_with_vat_before" numeric(18, 2),
	"counted_quantity" numeric NOT NULL,
	"counted_amount" numeric(18, 2) NOT NULL,
	"item_code" text
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_runs" ADD CONSTRAINT "import_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_event_id_contract_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."contract_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "performance_records" ADD CONSTRAINT "performance_records_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_event_id_contract_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."contract_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_documents" ADD CONSTRAINT "upd_documents_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_line_mappings" ADD CONSTRAINT "upd_line_mappings_upd_line_id_upd_lines_id_fk" FOREIGN KEY ("upd_line_id") REFERENCES "public"."upd_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_line_mappings" ADD CONSTRAINT "upd_line_mappings_contract_item_id_contract_items_id_fk" FOREIGN KEY ("contract_item_id") REFERENCES "public"."contract_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_line_mappings" ADD CONSTRAINT "upd_line_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "upd_lines" ADD CONSTRAINT "upd_lines_document_id_upd_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."upd_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_company_idx" ON "files" USING btree ("company_id","sha256");--> statement-breakpoint
CREATE INDEX "import_runs_company_idx" ON "import_runs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "import_runs_sha_idx" ON "import_runs" USING btree ("company_id","kind","file_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_key_uq" ON "payments" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE INDEX "payments_company_idx" ON "payments" USING btree ("company_id","status","date");--> statement-breakpoint
CREATE INDEX "payments_contract_idx" ON "payments" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "performance_records_guid_uq" ON "performance_records" USING btree ("guid");--> statement-breakpoint
CREATE INDEX "performance_records_contract_idx" ON "performance_records" USING btree ("contract_id","period_from");--> statement-breakpoint
CREATE UNIQUE INDEX "upd_documents_key_uq" ON "upd_documents" USING btree ("company_id","natural_key");--> statement-breakpoint
CREATE INDEX "upd_documents_company_idx" ON "upd_documents" USING btree ("company_id","status","date");--> statement-breakpoint
CREATE INDEX "upd_documents_contract_idx" ON "upd_documents" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "upd_documents_number_idx" ON "upd_documents" USING btree ("company_id","seller_inn","number","date");--> statement-breakpoint
CREATE UNIQUE INDEX "upd_line_mappings_line_uq" ON "upd_line_mappings" USING btree ("upd_line_id");--> statement-breakpoint
CREATE INDEX "upd_line_mappings_item_idx" ON "upd_line_mappings" USING btree ("contract_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "upd_lines_doc_line_uq" ON "upd_lines" USING btree ("document_id","line_no");