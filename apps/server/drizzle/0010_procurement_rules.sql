CREATE TABLE "procurement_documents_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"method_id" integer NOT NULL,
	"position" integer NOT NULL,
	"document_kind_id" integer NOT NULL,
	"title" text NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"formats" text DEFAULT 'docx' NOT NULL,
	"condition" text,
	"template_file_id" integer,
	"template_name" text,
	"template_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_rule_copies" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"copy_key" text NOT NULL,
	"source_rule_id" integer NOT NULL,
	"rule_id" integer NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "procurement_rule_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rule_id" integer NOT NULL,
	"company_id" integer NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"approving_body" text,
	"decision_number" text,
	"decision_date" date,
	"effective_from" date,
	"effective_to" date,
	"eis_due_date" date,
	"eis_published_on" date,
	"eis_registration_number" text,
	"file_id" integer,
	"changes_summary" text,
	"methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan_threshold" numeric(15, 2) DEFAULT '100000' NOT NULL,
	"plan_threshold_large" numeric(15, 2) DEFAULT '500000' NOT NULL,
	"sme_ceiling" numeric(15, 2),
	"based_on_version_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "procurement_rules" ADD COLUMN "customer_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_rules" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "procurement_rules" ADD COLUMN "copied_from_rule_id" integer;--> statement-breakpoint
ALTER TABLE "procurement_rules" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "procurement_documents_rules" ADD CONSTRAINT "procurement_documents_rules_version_id_procurement_rule_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."procurement_rule_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_documents_rules" ADD CONSTRAINT "procurement_documents_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_documents_rules" ADD CONSTRAINT "procurement_documents_rules_method_id_catalog_entries_id_fk" FOREIGN KEY ("method_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_documents_rules" ADD CONSTRAINT "procurement_documents_rules_document_kind_id_catalog_entries_id_fk" FOREIGN KEY ("document_kind_id") REFERENCES "public"."catalog_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_documents_rules" ADD CONSTRAINT "procurement_documents_rules_template_file_id_files_id_fk" FOREIGN KEY ("template_file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_copies" ADD CONSTRAINT "procurement_rule_copies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_copies" ADD CONSTRAINT "procurement_rule_copies_rule_id_procurement_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."procurement_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_versions" ADD CONSTRAINT "procurement_rule_versions_rule_id_procurement_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."procurement_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_versions" ADD CONSTRAINT "procurement_rule_versions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_versions" ADD CONSTRAINT "procurement_rule_versions_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "procurement_rule_versions" ADD CONSTRAINT "procurement_rule_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "procurement_documents_rules_version_idx" ON "procurement_documents_rules" USING btree ("version_id","method_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_rule_copies_key_uq" ON "procurement_rule_copies" USING btree ("company_id","copy_key");--> statement-breakpoint
CREATE UNIQUE INDEX "procurement_rule_versions_number_uq" ON "procurement_rule_versions" USING btree ("rule_id","number");--> statement-breakpoint
CREATE INDEX "procurement_rule_versions_company_idx" ON "procurement_rule_versions" USING btree ("company_id","status");