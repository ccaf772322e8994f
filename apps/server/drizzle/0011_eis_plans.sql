CREATE TABLE "eis_plan_position_versions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"sort" integer NOT NULL,
	"ordinal_number" integer NOT NULL,
	"status" text,
	"cancellation_reason" text,
	"subject" text NOT NULL,
	"price" numeric(18, 2),
	"currency" text,
	"price_rub" numeric(18, 2),
	"method_code" text,
	"method_name" text,
	"year" smallint,
	"quarter" smallint,
	"month" smallint,
	"planned_date" date,
	"contract_end_date" date,
	"electronic" boolean,
	"sme_only" boolean NOT NULL,
	"innovation" boolean NOT NULL,
	"long_term" boolean,
	"long_term_volumes" jsonb,
	"long_term_sme_volumes" jsonb,
	"innovation_equivalent" boolean,
	"planned_after_second_year" boolean,
	"excluded_from_sme" boolean,
	"purchase_category" text,
	"customer_inn" text,
	"customer_kpp" text,
	"customer_name" text,
	"region" text,
	"okato" text,
	"modification_description" text,
	"additional_info" text,
	"change_flags" jsonb,
	"initial_position_guid" text,
	"initial_plan_guid" text,
	"rows" jsonb NOT NULL,
	"okpd2_codes" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eis_plan_positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"guid" text NOT NULL,
	"number" text NOT NULL,
	"ordinal_number" integer NOT NULL,
	"first_version" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eis_plan_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"version" integer NOT NULL,
	"guid" text,
	"status" text,
	"name" text,
	"start_date" date,
	"end_date" date,
	"approve_date" date,
	"published_at" timestamp with time zone,
	"created_in_eis_at" timestamp with time zone,
	"modification_description" text,
	"additional_info" text,
	"flags" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"annual_volume" numeric(18, 2),
	"volume_sme" numeric(18, 2),
	"percent_sme" numeric(9, 4),
	"exclude_volume" numeric(18, 2),
	"url" text,
	"schema_version" text,
	"positions" integer NOT NULL,
	"total_price" numeric(18, 2) NOT NULL,
	"totals" jsonb,
	"file_name" text NOT NULL,
	"file_sha256" text NOT NULL,
	"import_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "eis_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"registration_number" text NOT NULL,
	"plan_type" text NOT NULL,
	"year" smallint NOT NULL,
	"initial_plan_guid" text,
	"customer_inn" text,
	"customer_kpp" text,
	"customer_name" text,
	"current_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "eis_plan_position_versions" ADD CONSTRAINT "eis_plan_position_versions_version_id_eis_plan_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."eis_plan_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plan_position_versions" ADD CONSTRAINT "eis_plan_position_versions_position_id_eis_plan_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."eis_plan_positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plan_positions" ADD CONSTRAINT "eis_plan_positions_plan_id_eis_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."eis_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plan_versions" ADD CONSTRAINT "eis_plan_versions_plan_id_eis_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."eis_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plan_versions" ADD CONSTRAINT "eis_plan_versions_import_id_import_runs_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."import_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eis_plans" ADD CONSTRAINT "eis_plans_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eis_plan_position_versions_uq" ON "eis_plan_position_versions" USING btree ("version_id","position_id");--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_page_idx" ON "eis_plan_position_versions" USING btree ("version_id","sort");--> statement-breakpoint
CREATE INDEX "eis_plan_position_versions_position_idx" ON "eis_plan_position_versions" USING btree ("position_id");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_plan_positions_guid_uq" ON "eis_plan_positions" USING btree ("plan_id","guid");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_plan_positions_number_uq" ON "eis_plan_positions" USING btree ("company_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_plan_versions_uq" ON "eis_plan_versions" USING btree ("plan_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "eis_plans_number_uq" ON "eis_plans" USING btree ("company_id","registration_number");--> statement-breakpoint
CREATE INDEX "eis_plans_year_idx" ON "eis_plans" USING btree ("company_id","year","plan_type");--> statement-breakpoint
CREATE INDEX "contracts_plan_position_idx" ON "contracts" USING btree ("company_id","plan_position_number") WHERE "contracts"."plan_position_number" is not null;