CREATE TABLE "contract_duties" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_id" bigint,
	"title" text NOT NULL,
	"reference" text,
	"base_date" date NOT NULL,
	"due_date" date NOT NULL,
	"done_on" date
);
--> statement-breakpoint
CREATE TABLE "contract_event_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" bigint NOT NULL,
	"contract_item_id" bigint NOT NULL,
	"source_line_no" integer,
	"source_name" text,
	"quantity" numeric NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"confidence" numeric(4, 3)
);
--> statement-breakpoint
CREATE TABLE "contract_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"kind" text NOT NULL,
	"event_date" date NOT NULL,
	"amount" numeric(18, 2),
	"stage_id" integer,
	"document_name" text,
	"document_number" text,
	"document_date" date,
	"description" text,
	"eis_published_at" timestamp with time zone,
	"source" text DEFAULT 'manual' NOT NULL,
	"import_id" bigint,
	"dedupe_key" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_items" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"name" text NOT NULL,
	"okpd2_code" text,
	"okei_code" text,
	"unit_name" text,
	"quantity" numeric NOT NULL,
	"price" numeric NOT NULL,
	"vat_rate" text NOT NULL,
	"vat_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"accepted_quantity" numeric DEFAULT '0' NOT NULL,
	"accepted_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"stage_no" integer NOT NULL,
	"name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"amount" numeric(18, 2),
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contract_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"revision" integer NOT NULL,
	"eis_version" integer,
	"action" text NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changed_by" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"law" text DEFAULT '223' NOT NULL,
	"eis_registry_number" text,
	"eis_guid" text,
	"version" integer DEFAULT 1 NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"number" text NOT NULL,
	"contract_date" date NOT NULL,
	"subject" text NOT NULL,
	"customer_id" integer,
	"customer_name" text NOT NULL,
	"customer_inn" text NOT NULL,
	"customer_kpp" text,
	"supplier_inn" text NOT NULL,
	"supplier_kpp" text,
	"supplier_name" text NOT NULL,
	"supplier_is_sme" boolean DEFAULT false NOT NULL,
	"price" numeric(18, 2) NOT NULL,
	"currency_code" text DEFAULT 'RUB' NOT NULL,
	"funding_source_id" integer,
	"contract_basis_id" integer,
	"plan_position_number" text,
	"procurement_method_code" text,
	"procurement_method_name" text,
	"notice_number" text,
	"start_date" date,
	"end_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"eis_published_at" timestamp with time zone,
	"eis_url" text,
	"executed_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"next_duty_kind" text,
	"next_duty_due" date,
	"archived_at" timestamp with time zone,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('russian', "contracts"."subject")) STORED
);
--> statement-breakpoint
CREATE TABLE "payment_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"contract_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"stage_id" integer,
	"kind" text NOT NULL,
	"share_percent" numeric(5, 2) NOT NULL,
	"term_days" integer NOT NULL,
	"day_kind" text NOT NULL,
	"description" text
);
--> statement-breakpoint
ALTER TABLE "contract_duties" ADD CONSTRAINT "contract_duties_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_duties" ADD CONSTRAINT "contract_duties_event_id_contract_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."contract_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_event_items" ADD CONSTRAINT "contract_event_items_event_id_contract_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."contract_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_event_items" ADD CONSTRAINT "contract_event_items_contract_item_id_contract_items_id_fk" FOREIGN KEY ("contract_item_id") REFERENCES "public"."contract_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_stage_id_contract_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."contract_stages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_events" ADD CONSTRAINT "contract_events_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_items" ADD CONSTRAINT "contract_items_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_stages" ADD CONSTRAINT "contract_stages_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_versions" ADD CONSTRAINT "contract_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_terms" ADD CONSTRAINT "payment_terms_stage_id_contract_stages_id_fk" FOREIGN KEY ("stage_id") REFERENCES "public"."contract_stages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contract_duties_contract_idx" ON "contract_duties" USING btree ("contract_id");--> statement-breakpoint
CREATE INDEX "contract_duties_open_idx" ON "contract_duties" USING btree ("company_id","due_date") WHERE "contract_duties"."done_on" is null;--> statement-breakpoint
CREATE INDEX "contract_event_items_event_idx" ON "contract_event_items" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "contract_event_items_item_idx" ON "contract_event_items" USING btree ("contract_item_id");--> statement-breakpoint
CREATE INDEX "contract_events_contract_idx" ON "contract_events" USING btree ("contract_id","event_date");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_events_dedupe_uq" ON "contract_events" USING btree ("company_id","dedupe_key") WHERE "contract_events"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contract_items_line_uq" ON "contract_items" USING btree ("contract_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_stages_no_uq" ON "contract_stages" USING btree ("contract_id","stage_no");--> statement-breakpoint
CREATE UNIQUE INDEX "contract_versions_uq" ON "contract_versions" USING btree ("contract_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_registry_uq" ON "contracts" USING btree ("company_id","eis_registry_number" text_pattern_ops) WHERE "contracts"."eis_registry_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contracts_guid_uq" ON "contracts" USING btree ("company_id","eis_guid") WHERE "contracts"."eis_guid" is not null;--> statement-breakpoint
CREATE INDEX "contracts_status_idx" ON "contracts" USING btree ("company_id","status","contract_date","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_date_idx" ON "contracts" USING btree ("company_id","contract_date","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_supplier_inn_idx" ON "contracts" USING btree ("company_id","supplier_inn","contract_date") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_price_idx" ON "contracts" USING btree ("company_id","price","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_end_date_idx" ON "contracts" USING btree ("company_id","end_date","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_supplier_name_idx" ON "contracts" USING btree ("company_id","supplier_name","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_number_idx" ON "contracts" USING btree ("company_id","number","id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_status_rank_idx" ON "contracts" USING btree ("company_id",(case "status" when 'draft' then 1 when 'concluded' then 2 when 'executed' then 3 when 'terminated' then 4 else 5 end),"id") WHERE "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_next_duty_idx" ON "contracts" USING btree ("company_id","next_duty_due") WHERE "contracts"."next_duty_due" is not null and "contracts"."archived_at" is null;--> statement-breakpoint
CREATE INDEX "contracts_archived_idx" ON "contracts" USING btree ("company_id","archived_at") WHERE "contracts"."archived_at" is not null;--> statement-breakpoint
CREATE INDEX "contracts_search_idx" ON "contracts" USING gin ("search");--> statement-breakpoint
CREATE INDEX "contracts_supplier_words_idx" ON "contracts" USING gin (to_tsvector('simple', "supplier_name"));--> statement-breakpoint
CREATE INDEX "contracts_number_search_idx" ON "contracts" USING btree ("company_id",lower("number") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "contracts_customer_idx" ON "contracts" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payment_terms_contract_idx" ON "payment_terms" USING btree ("contract_id");